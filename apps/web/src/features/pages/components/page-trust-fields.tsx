import { DEFAULT_LANDING_PAGE_CONSENT, LANDING_PAGE_LIMITS } from '@kindling/domain';
import { TextField } from '../../../ui/field';
import { Switch } from '../../../ui/switch';
import type { PageForm } from '../hooks/use-page-form';
import { LogoUpload } from './logo-upload';
import styles from './page-form-fields.module.css';

/**
 * What a visitor is told about their address and who runs the page (issue 35): the consent line
 * under the e-mail field, the privacy policy (required for a sign-up form when the audience is in
 * the EU), the logo, and whether the footer says "Made with Kindling".
 */
export function PageTrustFields({ form }: { form: PageForm }) {
  const { values, errors, update } = form;
  const signup = values.ctaType === 'signup';
  return (
    <section className={styles.group} aria-labelledby="page-trust-title" data-testid="page-trust">
      <h2 id="page-trust-title" className={styles.title}>
        Privacy and branding
      </h2>
      {signup ? (
        <TextField
          label="Consent line (optional)"
          placeholder={DEFAULT_LANDING_PAGE_CONSENT}
          value={values.consent}
          error={errors['content.consent']}
          hint={`Shown under the e-mail field; empty: the line shown here. At most ${LANDING_PAGE_LIMITS.consent} characters`}
          onChange={(event) => update({ consent: event.target.value })}
        />
      ) : null}
      <Switch
        label="My audience is in the EU"
        showLabel
        checked={values.euAudience}
        onCheckedChange={(euAudience) => update({ euAudience })}
      />
      <TextField
        label={
          values.euAudience && signup
            ? 'Privacy policy address'
            : 'Privacy policy address (optional)'
        }
        type="url"
        inputMode="url"
        placeholder="https://"
        value={values.privacyUrl}
        error={errors['content.privacyUrl']}
        hint={
          signup
            ? 'Linked next to the consent line. Required for an audience in the EU (GDPR)'
            : 'Linked next to the consent line of a sign-up form'
        }
        onChange={(event) => update({ privacyUrl: event.target.value })}
      />
      <TextField
        label="Logo address (optional)"
        type="url"
        inputMode="url"
        placeholder="https://"
        value={values.logoUrl}
        error={errors['content.logoUrl']}
        hint="An image shown over the headline, 40 pixels high: an address, or upload one"
        onChange={(event) => update({ logoUrl: event.target.value })}
      />
      <LogoUpload onUploaded={(logoUrl) => update({ logoUrl })} />
      <Switch
        label='Show "Made with Kindling" in the footer'
        showLabel
        checked={values.showBadge}
        onCheckedChange={(showBadge) => update({ showBadge })}
      />
    </section>
  );
}
