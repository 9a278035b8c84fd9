import type { PageRuleKind } from '@kindling/domain';
import { SelectField, TextField } from '../../../ui/field';
import { CheckIcon, CloseIcon } from '../../../ui/icons';
import styles from './page-rules-card.module.css';
import { RowHead } from './targeting-form-parts';

/** A rule as the form holds it: the query condition is kept while switched off. */
export interface RuleDraft {
  kind: PageRuleKind;
  value: string;
  withQuery: boolean;
  queryName: string;
  queryValue: string;
}

export const KIND_LABELS: Record<PageRuleKind, string> = {
  exact: 'Is exactly',
  startsWith: 'Starts with',
  wildcard: 'Matches (* = any text)',
  regex: 'Regular expression',
};

const PLACEHOLDERS: Record<PageRuleKind, string> = {
  exact: 'https://shop.example/pricing',
  startsWith: 'https://shop.example/blog/',
  wildcard: 'https://shop.example/products/*',
  regex: '^https://shop\\.example/(en|fr)/pricing$',
};

export function PageRuleRow({
  rule,
  label,
  errors,
  matched,
  disabled,
  onChange,
  onRemove,
}: {
  rule: RuleDraft;
  /** "Page rule 1", "Exclusion 2": the row's name for assistive technology and tests. */
  label: string;
  /** The server's messages for this rule, by field (`value`, `query.name`, `query.value`). */
  errors: Record<string, string>;
  /** The tester's answer for this rule; undefined while there is none. */
  matched: boolean | undefined;
  disabled: boolean;
  onChange: (rule: RuleDraft) => void;
  onRemove: () => void;
}) {
  return (
    <li className={styles.rule} aria-label={label} data-testid="page-rule">
      <RowHead
        label={label}
        disabled={disabled}
        onRemove={onRemove}
        verdict={
          matched === undefined ? null : matched ? (
            <span className={styles.yes}>
              <CheckIcon size={14} /> matches
            </span>
          ) : (
            <span className={styles.no}>
              <CloseIcon size={14} /> no match
            </span>
          )
        }
      />
      <div className={styles.ruleMain}>
        <SelectField
          label="Address"
          className={styles.kind}
          value={rule.kind}
          disabled={disabled}
          onChange={(event) => onChange({ ...rule, kind: event.target.value as PageRuleKind })}
        >
          {Object.entries(KIND_LABELS).map(([kind, text]) => (
            <option key={kind} value={kind}>
              {text}
            </option>
          ))}
        </SelectField>
        <TextField
          label={rule.kind === 'regex' ? 'Pattern' : 'Web address'}
          className={styles.value}
          value={rule.value}
          placeholder={PLACEHOLDERS[rule.kind]}
          spellCheck={false}
          disabled={disabled}
          error={errors.value}
          onChange={(event) => onChange({ ...rule, value: event.target.value })}
        />
      </div>
      <label className={styles.queryToggle}>
        <input
          type="checkbox"
          checked={rule.withQuery}
          disabled={disabled}
          onChange={(event) => onChange({ ...rule, withQuery: event.target.checked })}
        />
        Only with a query parameter
      </label>
      {rule.withQuery ? (
        <div className={styles.query}>
          <TextField
            label="Parameter"
            value={rule.queryName}
            placeholder="utm_source"
            disabled={disabled}
            error={errors['query.name']}
            onChange={(event) => onChange({ ...rule, queryName: event.target.value })}
          />
          <TextField
            label="Value (empty: any)"
            value={rule.queryValue}
            placeholder="newsletter"
            disabled={disabled}
            error={errors['query.value']}
            onChange={(event) => onChange({ ...rule, queryValue: event.target.value })}
          />
        </div>
      ) : null}
    </li>
  );
}
