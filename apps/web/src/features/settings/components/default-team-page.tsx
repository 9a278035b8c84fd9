import { useState, type FormEvent } from 'react';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage } from '../../../lib/error-message';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { FormError } from '../../../ui/field';
import { RadioCards } from '../../../ui/radio-cards';
import { useSaveUser } from '../hooks/use-save-user';
import styles from './settings-form.module.css';

export function DefaultTeamPage() {
  useDocumentTitle('Default team');
  const { user, teams } = useCurrentTeam();
  const [selected, setSelected] = useState(user.defaultTeam ?? teams[0]?.slug ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveUser('Default team saved', (failure) => setError(errorMessage(failure)));

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    save.mutate({ defaultTeam: selected });
  }

  return (
    <Card title="Default Team" description="The team you land in after signing in.">
      <form className={styles.form} onSubmit={submit}>
        <FormError message={error} />
        <RadioCards
          legend="Your teams"
          name="defaultTeam"
          layout="column"
          value={selected}
          onChange={setSelected}
          options={teams.map((team) => ({
            value: team.slug,
            label: team.name,
            description: `${team.role === 'owner' ? 'Owner' : 'Member'} · /admin/${team.slug}`,
          }))}
        />
        <div className={styles.actions}>
          <Button
            type="submit"
            loading={save.isPending}
            loadingText="Saving…"
            disabled={selected === '' || selected === user.defaultTeam}
          >
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}
