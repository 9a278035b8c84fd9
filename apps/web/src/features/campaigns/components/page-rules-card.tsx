import type { CampaignPageRules, PageRule, PageRules } from '@kindling/domain';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client';
import { displayUrl } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { FormError, TextField } from '../../../ui/field';
import { PlusIcon } from '../../../ui/icons';
import { RadioCards } from '../../../ui/radio-cards';
import { usePageRules, usePageRulesTest } from '../hooks/use-page-rules';
import { PageRuleRow, type RuleDraft } from './page-rule-row';
import styles from './page-rules-card.module.css';
import { fieldsUnder, SaveActions } from './targeting-form-parts';

type Mode = 'page' | 'rules';
type Side = 'include' | 'exclude';
interface Draft {
  mode: Mode;
  include: RuleDraft[];
  exclude: RuleDraft[];
}

const MODE_OPTIONS = [
  { value: 'page', label: 'Only the page it was edited on' },
  { value: 'rules', label: 'Pages that match rules' },
] as const;

const draftOf = (rule: PageRule): RuleDraft => ({
  kind: rule.kind,
  value: rule.value,
  withQuery: rule.query !== undefined,
  queryName: rule.query?.name ?? '',
  queryValue: rule.query?.value ?? '',
});

const ruleOf = (draft: RuleDraft): PageRule => ({
  kind: draft.kind,
  value: draft.value,
  ...(draft.withQuery
    ? { query: { name: draft.queryName, ...(draft.queryValue ? { value: draft.queryValue } : {}) } }
    : {}),
});

const exactRule = (url: string): RuleDraft => draftOf({ kind: 'exact', value: url });

function initialDraft(stored: CampaignPageRules): Draft {
  return stored.rules
    ? {
        mode: 'rules',
        include: stored.rules.include.map(draftOf),
        exclude: stored.rules.exclude.map(draftOf),
      }
    : { mode: 'page', include: [exactRule(stored.editedOn)], exclude: [] };
}

/** A rule the server refused is shown on its row; the tester only says to fix it. */
const testerProblem = (error: Error) =>
  isApiError(error) && Object.keys(error.fields).some((field) => field.startsWith('rules.'))
    ? 'Fix the rules above to test an address.'
    : error.message;

/**
 * "Where it runs" on the campaign page (issue 31): the page it was edited on, or include and
 * exclude rules, with a live "does this address match?" tester answered by the server.
 */
export function PageRulesCard({
  team,
  campaignId,
  readOnly,
}: {
  team: string;
  campaignId: number;
  /** A viewer, a guest, or an ended test: shown, not changed. */
  readOnly: boolean;
}) {
  const { stored, save } = usePageRules(team, campaignId);
  const [edited, setEdited] = useState<Draft | null>(null);
  const [testUrl, setTestUrl] = useState('');
  const draft = edited ?? (stored.data ? initialDraft(stored.data) : null);
  const rules: PageRules = {
    include: (draft?.include ?? []).map(ruleOf),
    exclude: (draft?.exclude ?? []).map(ruleOf),
  };
  const tested = usePageRulesTest(team, rules, draft?.mode === 'rules' ? testUrl : '');

  if (!draft || !stored.data) {
    return (
      <Card title="Where it runs" data-testid="page-rules">
        {stored.isError ? <FormError message={stored.error.message} /> : null}
      </Card>
    );
  }
  const editedOn = stored.data.editedOn;
  const fields = isApiError(save.error) ? save.error.fields : {};
  const change = (next: Partial<Draft>) => {
    save.reset();
    setEdited({ ...draft, ...next });
  };
  const setRule = (side: Side, index: number, rule: RuleDraft | null) =>
    change({
      [side]: rule
        ? draft[side].map((old, i) => (i === index ? rule : old))
        : draft[side].filter((_, i) => i !== index),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft.mode === 'page' ? null : rules, { onSuccess: () => setEdited(null) });
  };
  const answer = tested.data && !tested.isError ? tested.data : undefined;

  const list = (side: Side, title: string, name: string) => (
    <section className={styles.side} aria-label={title}>
      <h3 className={styles.sideTitle}>{title}</h3>
      {draft[side].length ? (
        <ol className={styles.rules}>
          {draft[side].map((rule, index) => (
            <PageRuleRow
              key={index}
              rule={rule}
              label={`${name} ${index + 1}`}
              errors={fieldsUnder(fields, `rules.${side}.${index}.`)}
              matched={answer?.[side][index]}
              disabled={readOnly}
              onChange={(next) => setRule(side, index, next)}
              onRemove={() => setRule(side, index, null)}
            />
          ))}
        </ol>
      ) : (
        <p className={styles.none}>None.</p>
      )}
      {readOnly ? null : (
        <Button
          variant="outline"
          color="secondary"
          size="sm"
          icon={<PlusIcon size={14} />}
          onClick={() => change({ [side]: [...draft[side], exactRule(editedOn)] })}
        >
          {side === 'include' ? 'Add a page rule' : 'Add an exclusion'}
        </Button>
      )}
    </section>
  );

  return (
    <Card
      title="Where it runs"
      description={
        <>
          Edited on <span className={styles.url}>{displayUrl(editedOn)}</span>. Elements that are
          not on a matching page are left alone there.
        </>
      }
      data-testid="page-rules"
    >
      <form className={styles.form} onSubmit={submit}>
        <RadioCards
          legend="Run the campaign on"
          name={`page-rules-mode-${campaignId}`}
          value={draft.mode}
          options={MODE_OPTIONS}
          size="sm"
          disabled={readOnly}
          onChange={(mode) => change({ mode })}
        />
        {draft.mode === 'rules' ? (
          <>
            {list('include', 'Runs on pages where any rule matches', 'Page rule')}
            {list('exclude', 'Except pages where an exclusion matches', 'Exclusion')}
            <div className={styles.tester}>
              <TextField
                label="Does this address match?"
                value={testUrl}
                placeholder={editedOn}
                spellCheck={false}
                status={
                  tested.isError
                    ? { tone: 'error', text: testerProblem(tested.error) }
                    : answer && testUrl.trim()
                      ? { tone: answer.runs ? 'success' : 'pending', text: answer.summary }
                      : undefined
                }
                onChange={(event) => setTestUrl(event.target.value)}
                data-testid="page-rules-tester"
              />
            </div>
          </>
        ) : null}
        <SaveActions
          save={save}
          readOnly={readOnly}
          edited={Boolean(edited)}
          onDiscard={() => setEdited(null)}
        />
      </form>
    </Card>
  );
}
