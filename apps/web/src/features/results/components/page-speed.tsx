import {
  DEFAULT_VITALS_SETTINGS,
  VITALS_MESSAGES,
  VITALS_METRIC_LABELS,
  VITALS_METRICS,
  type Campaign,
  type ElementVitals,
  type VitalsMetric,
  type VitalsSettings,
} from '@kindling/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { SelectField, TextField } from '../../../ui/field';
import { useVitalsSettings } from '../hooks/use-vitals-settings';
import {
  formatFigure,
  formatSamples,
  samplingMode,
  vitalsTables,
  type VitalsTable,
} from '../state/vitals-rows';
import styles from './page-speed.module.css';

const HEADINGS: Record<VitalsMetric, string> = {
  lcp: 'LCP (paint)',
  cls: 'CLS (layout shift)',
  inp: 'INP (response)',
};

function VitalsTableView({ table, title }: { table: VitalsTable; title: string | null }) {
  return (
    <div className={styles.table} data-testid={`vitals-${table.elementId}`}>
      {title ? <h4 className={styles.elementTitle}>{title}</h4> : null}
      {table.empty ? (
        <p className={styles.empty} data-testid="vitals-empty">
          No page speed figures yet. Sampled page views report LCP, CLS and INP when the visitor
          leaves the page; each variant gets its row here after the first report.
        </p>
      ) : (
        <div className={styles.wrap}>
          <table>
            <thead>
              <tr>
                <th scope="col">Version</th>
                {VITALS_METRICS.map((metric) => (
                  <th scope="col" key={metric}>
                    {HEADINGS[metric]}
                    <span className={styles.unit}>median / p75</span>
                  </th>
                ))}
                <th scope="col">Sample</th>
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.key} data-testid={`vitals-row-${row.key}`}>
                  <th scope="row">{row.label}</th>
                  {VITALS_METRICS.map((metric) => (
                    <td
                      key={metric}
                      data-label={`${HEADINGS[metric]}, median / p75`}
                      data-metric={metric}
                    >
                      <span>{formatFigure(metric, row.vitals[metric])}</span>
                    </td>
                  ))}
                  <td data-label="Sample">
                    <span>{formatSamples(row.vitals.samples)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {table.harms.length ? (
        <ul className={styles.harms} data-testid="vitals-harms">
          {table.harms.map((harm) => (
            <li key={`${harm.variantId}-${harm.metric}`}>
              {harm.summary}
              {harm.guardrail ? ' (a guardrail: it is not called a winner).' : '.'}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const SAMPLING_HINTS: Record<string, string> = {
  auto: 'Every page view while the campaign has fewer than 10,000 visitors a day, then one in ten.',
  fixed: 'This share of page views reports, whatever the traffic.',
  off: 'No page view reports: the figures above stay as they are.',
};

function VitalsSettingsForm({ team, campaignId }: { team: string; campaignId: number }) {
  const { settings, save } = useVitalsSettings(team, campaignId);
  const stored = settings.data ?? DEFAULT_VITALS_SETTINGS;
  const [draft, setDraft] = useState<{
    mode: string;
    percent: string;
    guardrails: VitalsMetric[];
  } | null>(null);
  const shown = draft ?? {
    mode: samplingMode(stored.sampling),
    percent: typeof stored.sampling === 'number' ? String(stored.sampling) : '10',
    guardrails: stored.guardrails,
  };
  const percent = Number(shown.percent);
  const percentError =
    shown.mode === 'fixed' && !(Number.isInteger(percent) && percent >= 1 && percent <= 100)
      ? VITALS_MESSAGES.sampling
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (percentError) return;
    const sampling: VitalsSettings['sampling'] =
      shown.mode === 'fixed' ? percent : shown.mode === 'off' ? 'off' : 'auto';
    save.mutate({ sampling, guardrails: shown.guardrails }, { onSuccess: () => setDraft(null) });
  };
  const toggle = (metric: VitalsMetric) =>
    setDraft({
      ...shown,
      guardrails: shown.guardrails.includes(metric)
        ? shown.guardrails.filter((m) => m !== metric)
        : VITALS_METRICS.filter((m) => m === metric || shown.guardrails.includes(m)),
    });

  return (
    <form className={styles.settings} onSubmit={submit} data-testid="vitals-settings">
      <div className={styles.sampling}>
        <SelectField
          label="Web Vitals sampling"
          hint={SAMPLING_HINTS[shown.mode]}
          value={shown.mode}
          disabled={settings.isPending}
          onChange={(event) => setDraft({ ...shown, mode: event.target.value })}
        >
          <option value="auto">Auto</option>
          <option value="fixed">A fixed share of page views</option>
          <option value="off">Off</option>
        </SelectField>
        {shown.mode === 'fixed' ? (
          <TextField
            label="Share of page views (%)"
            inputMode="numeric"
            value={shown.percent}
            error={percentError}
            onChange={(event) => setDraft({ ...shown, percent: event.target.value })}
          />
        ) : null}
      </div>
      <fieldset className={styles.guardrails}>
        <legend>Guardrails: a variant clearly slower on these is never called a winner</legend>
        {VITALS_METRICS.map((metric) => (
          <label key={metric} className={styles.check}>
            <input
              type="checkbox"
              checked={shown.guardrails.includes(metric)}
              onChange={() => toggle(metric)}
            />
            {VITALS_METRIC_LABELS[metric]}
          </label>
        ))}
      </fieldset>
      <Button type="submit" size="sm" variant="outline" loading={save.isPending} disabled={!draft}>
        Save
      </Button>
    </form>
  );
}

/**
 * "Page speed (Web Vitals)": per variant the median and p75 of LCP, CLS and INP that sampled
 * page views reported, over the campaign's life, and the harms the server found.
 */
export function PageSpeed({
  team,
  campaign,
  elements,
  together,
  editable,
}: {
  team: string;
  campaign: Campaign;
  elements: Readonly<Record<string, { vitals: ElementVitals }>>;
  together: boolean;
  editable: boolean;
}) {
  const tables = vitalsTables(campaign.elements, elements, together);
  const titled = tables.length > 1;
  return (
    <section className={styles.section} data-testid="page-speed" aria-labelledby="page-speed-title">
      <div className={styles.header}>
        <h3 id="page-speed-title" className={styles.title}>
          Page speed (Web Vitals)
        </h3>
        <p className={styles.lead}>
          How fast each version paints its largest element (LCP), how much its layout shifts (CLS)
          and how quickly it answers a tap or click (INP), as visitors&apos; browsers measured them
          since the start. Lower is better.
        </p>
      </div>
      {tables.map((table, index) => (
        <VitalsTableView
          key={table.elementId}
          table={table}
          title={titled ? `Element ${index + 1}` : null}
        />
      ))}
      {editable ? <VitalsSettingsForm team={team} campaignId={campaign.id} /> : null}
    </section>
  );
}
