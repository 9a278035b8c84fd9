import { LANDING_PAGE_LIMITS } from '@kindling/domain';
import { FormError, TextAreaField, TextField } from '../../../ui/field';
import { RadioCards } from '../../../ui/radio-cards';
import { Switch } from '../../../ui/switch';
import type { PageForm } from '../hooks/use-page-form';
import { PageTrustFields } from './page-trust-fields';
import { TemplatePicker } from './template-picker';
import styles from './page-form-fields.module.css';

const CTA_OPTIONS = [
  { value: 'signup', label: 'E-mail sign-up', description: 'A "join the waitlist" form' },
  { value: 'link', label: 'Link', description: 'A button to another address' },
] as const;

interface PageFormFieldsProps {
  form: PageForm;
  /** Shown before the slug: where the page lives, e.g. "https://pages.example.com/p/acme/". */
  addressPrefix: string;
}

/** Every field of a landing page, grouped as the page shows them. */
export function PageFormFields({ form, addressPrefix }: PageFormFieldsProps) {
  const { values, errors, update } = form;
  const slugPreview = `${addressPrefix}${values.slug.trim() || '…'}`;
  return (
    <div className={styles.fields}>
      <FormError message={form.formError} />
      <TemplatePicker values={values} onChange={(templateId) => update({ templateId })} />

      <section className={styles.group} aria-labelledby="page-hero-title">
        <h2 id="page-hero-title" className={styles.title}>
          Hero
        </h2>
        <TextField
          label="Headline"
          value={values.headline}
          error={errors['content.headline']}
          hint={`What it is, in at most ${LANDING_PAGE_LIMITS.headline} characters`}
          onChange={(event) => update({ headline: event.target.value })}
        />
        <TextAreaField
          label="Sub-headline"
          rows={3}
          value={values.subheadline}
          error={errors['content.subheadline']}
          onChange={(event) => update({ subheadline: event.target.value })}
        />
        <TextField
          label="Image address (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={values.imageUrl}
          error={errors['content.imageUrl']}
          hint="Without one, the page shows a drawn product card (hidden on phones)"
          onChange={(event) => update({ imageUrl: event.target.value })}
        />
      </section>

      <section className={styles.group} aria-labelledby="page-cta-title">
        <h2 id="page-cta-title" className={styles.title}>
          Call to action
        </h2>
        <RadioCards
          legend="The button"
          name="ctaType"
          value={values.ctaType}
          options={CTA_OPTIONS}
          onChange={(ctaType) => update({ ctaType })}
        />
        {errors['content.cta.type'] ? (
          <p className={styles.error} role="alert">
            {errors['content.cta.type']}
          </p>
        ) : null}
        <div className={styles.pair}>
          <TextField
            label="Button text"
            value={values.ctaLabel}
            error={errors['content.cta.label']}
            onChange={(event) => update({ ctaLabel: event.target.value })}
          />
          {values.ctaType === 'link' ? (
            <TextField
              label="Button address"
              type="url"
              inputMode="url"
              placeholder="https://"
              value={values.ctaUrl}
              error={errors['content.cta.url']}
              onChange={(event) => update({ ctaUrl: event.target.value })}
            />
          ) : null}
        </div>
      </section>

      <PageTrustFields form={form} />

      <section className={styles.group} aria-labelledby="page-features-title">
        <h2 id="page-features-title" className={styles.title}>
          Feature points
        </h2>
        {errors['content.features'] ? (
          <p className={styles.error} role="alert">
            {errors['content.features']}
          </p>
        ) : null}
        {values.features.map((feature, index) => (
          <TextField
            // The three points are fixed slots, so the index is their identity.
            key={index}
            label={`Feature point ${index + 1}`}
            value={feature}
            error={errors[`content.features.${index}`]}
            onChange={(event) =>
              update({
                features: values.features.map((item, at) =>
                  at === index ? event.target.value : item,
                ),
              })
            }
          />
        ))}
        <TextField
          label="Price (optional)"
          placeholder="$9 per month"
          value={values.price}
          error={errors['content.price']}
          hint="Shown as a badge over the headline and in a pricing box"
          onChange={(event) => update({ price: event.target.value })}
        />
      </section>

      <section className={styles.group} aria-labelledby="page-address-title">
        <h2 id="page-address-title" className={styles.title}>
          Address
        </h2>
        <TextField
          label="Page address"
          value={values.slug}
          error={errors.slug}
          hint={
            <>
              The page will be at <span className={styles.address}>{slugPreview}</span>
            </>
          }
          autoCapitalize="none"
          spellCheck={false}
          onChange={(event) => update({ slug: event.target.value })}
        />
        <Switch
          label="Let search engines list this page"
          showLabel
          checked={values.indexable}
          onCheckedChange={(indexable) => update({ indexable })}
        />
      </section>
    </div>
  );
}
