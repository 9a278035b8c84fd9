import {
  DEFAULT_TEXT_TONE,
  ERROR_MESSAGES,
  POOL_NO_REFILL_WAIT_MS,
  elementMetaCacheKey,
  pageUrlKey,
  poolFellShort,
  type TextElement,
  type VariantStyle,
  type VariantPool,
} from '@kindling/domain';
import { useRef, useState } from 'react';
import { labelOf } from '../../../../lib/campaign-names';
import { isApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-message';
import { useCurrentTeam } from '../../../../lib/current-team';
import { logger } from '../../../../lib/logger';
import { useWizardStore } from '../../hooks/wizard-store';
import { generateText, updateElementMeta } from '../api/generate-api';
import { refillPool, takeSuggestions } from '../state/pool-suggestions';
import { useElementsStore } from './use-elements-store';
import { usePageContext } from './use-page-context';

export interface AiTextRequest {
  count: number;
  /** Suggest-similar rewrites this text instead of the original, keeping its styles. */
  from?: { value: string; styles: VariantStyle[] };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const textsOf = (element: TextElement) => [
  element.control.info.value,
  ...element.variants.map((variant) => variant.info.value),
];

/** What the AI is told about the element when it has no description yet. */
const elementContext = (element: TextElement, url: string) =>
  [
    labelOf(element) ?? `Text "${element.control.info.value}"`,
    `Selector: ${element.selector}`,
    `Page: ${url}`,
  ].join('\n');

/**
 * AI text suggestions for one element (spec sections 3-4): taken from the element's variant
 * pool, added as suggestions to approve, and the pool refilled to 10 afterwards (or a 500 ms
 * pause when it was full). Too few is "Could not generate enough variants".
 */
export type AiText = ReturnType<typeof useAiText>;

export function useAiText(element: TextElement) {
  const { slug: team } = useCurrentTeam();
  const { dispatch, latest } = useElementsStore();
  const { state: wizard } = useWizardStore();
  const pools = useRef(new Map<string, VariantPool>());
  const metas = useRef(new Map<number, string>());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [tone, setTone] = useState<string>(DEFAULT_TEXT_TONE);
  const [instructions, setInstructions] = useState('');
  const [offline, setOffline] = useState<boolean>();
  // A save of the page's context makes a new pool: suggestions made before it do not know it.
  const pageContext = usePageContext().query.data?.updatedAt ?? '';

  async function metaOf(current: TextElement): Promise<string | undefined> {
    if (current.meta) return current.meta;
    const known = metas.current.get(current.id);
    if (known) return known;
    try {
      const { meta } = await updateElementMeta(team, {
        id: current.id,
        context: elementContext(current, wizard.ingestedUrl),
        cacheKey: elementMetaCacheKey(wizard.ingestedUrl, current.selector),
      });
      metas.current.set(current.id, meta);
      return meta;
    } catch (reason) {
      // Suggestions still work without a description; say why it is missing.
      logger.warn('ai', ERROR_MESSAGES.elementMeta, { elementId: current.id, reason });
      return undefined;
    }
  }

  async function suggest(request: AiTextRequest): Promise<void> {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const current = (latest.current.elements.find((e) => e.id === element.id) ??
        element) as TextElement;
      const value = request.from?.value ?? current.control.info.value;
      const styles = request.from?.styles ?? [];
      const poolOptions = {
        value,
        styles,
        tone,
        additional: current.objective ?? '',
        instructions,
        pageContext,
      };
      const meta = await metaOf(current);
      const generate = async (count: number, exclude: string[]) => {
        const answer = await generateText(team, {
          type: current.textType,
          meta: meta ?? null,
          value,
          count: Math.min(count, 10),
          additional: poolOptions.additional,
          tone,
          currentVariants: exclude.slice(-50),
          instructions: instructions.trim() || undefined,
          styles,
          url: pageUrlKey(wizard.ingestedUrl) === null ? undefined : wizard.ingestedUrl,
        });
        setOffline(answer.offline);
        return answer.variants;
      };
      const key = String(current.id);
      const existing = textsOf(current);
      const taken = await takeSuggestions({
        pool: pools.current.get(key),
        poolOptions,
        count: request.count,
        existing,
        generate,
      });
      pools.current.set(key, taken.pool);
      dispatch({ type: 'addSuggestions', elementId: current.id, texts: taken.texts, styles });
      if (poolFellShort(request.count, taken.texts.length)) {
        setError(ERROR_MESSAGES.notEnoughVariants);
        return;
      }
      const refilled = await refillPool(taken.pool, [...existing, ...taken.texts], generate);
      if (refilled === taken.pool) await wait(POOL_NO_REFILL_WAIT_MS);
      pools.current.set(key, refilled);
    } catch (reason) {
      // A plan refusal (402: this month's AI generations are used) says all there is to say.
      setError(
        isApiError(reason, 402)
          ? reason.message
          : `${ERROR_MESSAGES.notEnoughVariants}: ${errorMessage(reason)}`,
      );
    } finally {
      setBusy(false);
    }
  }

  return { suggest, busy, error, offline, tone, setTone, instructions, setInstructions };
}
