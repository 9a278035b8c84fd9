import { PREVIEW_SIZES, type PreviewSize } from '@kindling/domain';
import { useMemo, useState, type FormEvent } from 'react';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { writeMenuCollapsed } from '../../../lib/menu-state';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { FormError, SelectField } from '../../../ui/field';
import { RadioCards } from '../../../ui/radio-cards';
import { Switch } from '../../../ui/switch';
import { useSaveUser } from '../hooks/use-save-user';
import { timeZones } from '../state/time-zones';
import { errorMessage } from '../../../lib/error-message';
import styles from './settings-form.module.css';

const PREVIEW_LABELS: Record<PreviewSize, { label: string; description: string }> = {
  mobile: { label: 'Mobile', description: '375 px wide' },
  tablet: { label: 'Tablet', description: '768 px wide' },
  desktop: { label: 'Desktop', description: 'Full width' },
};

export function PreferencesPage() {
  useDocumentTitle('Preferences');
  const { user } = useCurrentTeam();
  const [timezone, setTimezone] = useState(user.preferences.timezone);
  const [previewSize, setPreviewSize] = useState<PreviewSize>(
    user.preferences.previewSize ?? 'desktop',
  );
  const [menuCollapsed, setMenuCollapsed] = useState(user.preferences.menuCollapsed);
  const [notificationMails, setNotificationMails] = useState(
    user.preferences.notificationMails ?? true,
  );
  const [error, setError] = useState<string | null>(null);
  const zones = useMemo(() => timeZones(user.preferences.timezone), [user.preferences.timezone]);
  const save = useSaveUser('Preferences saved', (failure) => setError(errorMessage(failure)));

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    writeMenuCollapsed(menuCollapsed);
    save.mutate({ preferences: { timezone, previewSize, menuCollapsed, notificationMails } });
  }

  return (
    <Card title="Preferences" description="Defaults for how Kindling looks and behaves for you.">
      <form className={styles.form} onSubmit={submit}>
        <FormError message={error} />
        <SelectField
          label="Time zone"
          hint="Dates and statistics are shown in this time zone."
          value={timezone}
          onChange={(event) => setTimezone(event.target.value)}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </SelectField>
        <RadioCards
          legend="Default preview size"
          name="previewSize"
          value={previewSize}
          onChange={setPreviewSize}
          options={PREVIEW_SIZES.map((size) => ({ value: size, ...PREVIEW_LABELS[size] }))}
        />
        <div className={styles.row}>
          <div className={styles.rowText}>
            <span className={styles.rowTitle}>Collapse the main menu by default</span>
            <span className={styles.rowDescription}>
              Show only icons in the sidebar to leave more room for your pages.
            </span>
          </div>
          <Switch
            checked={menuCollapsed}
            onCheckedChange={setMenuCollapsed}
            label="Collapse the main menu by default"
            data-testid="preference-menu-collapsed"
          />
        </div>
        <div className={styles.row}>
          <div className={styles.rowText}>
            <span className={styles.rowTitle}>E-mail me team notifications</span>
            <span className={styles.rowDescription}>
              Also get what the bell shows (an idea test that stopped, say) by e-mail, once your
              address is verified and this server sends mail.
            </span>
          </div>
          <Switch
            checked={notificationMails}
            onCheckedChange={setNotificationMails}
            label="E-mail me team notifications"
            data-testid="preference-notification-mails"
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending} loadingText="Saving…">
            Save preferences
          </Button>
        </div>
      </form>
    </Card>
  );
}
