import { REDIRECT_MAX_LENGTH, type TextVariant } from '@kindling/domain';
import { TextField } from '../../../../ui/field';
import { draftVariantDomId } from '../hooks/draft-focus';
import styles from './draft-editor.module.css';

interface RedirectFieldsProps {
  variant: TextVariant;
  position: number;
  /** The variant's error (below the fieldset), which the field points to. */
  errorId: string | undefined;
  onChange: (variant: TextVariant) => void;
}

/**
 * A split-URL test's variant (issue 32): the address on the page's site its visitors are sent
 * to, with the page's query and fragment. The rules are the domain's (split-url.ts), checked on
 * save here and on the server.
 */
export function RedirectFields({ variant, position, errorId, onChange }: RedirectFieldsProps) {
  return (
    <>
      <TextField
        label="Send visitors to"
        aria-label={`Variant ${position} address`}
        placeholder="https://www.example.com/landing-v2"
        inputMode="url"
        maxLength={REDIRECT_MAX_LENGTH}
        spellCheck={false}
        id={draftVariantDomId(variant.id)}
        aria-describedby={errorId}
        aria-invalid={errorId ? true : undefined}
        value={variant.info.redirect ?? ''}
        onChange={(event) =>
          onChange({ ...variant, info: { ...variant.info, redirect: event.target.value } })
        }
      />
      <p className={styles.hiddenNote}>
        A page on the same site that carries the Kindling tag too, so its goals are counted. Its
        query and fragment are kept: a link with ?utm_source=news lands on the variant with it.
      </p>
    </>
  );
}
