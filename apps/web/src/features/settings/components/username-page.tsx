import { useState, type FormEvent } from 'react';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage } from '../../../lib/error-message';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { FormError, TextField } from '../../../ui/field';
import { useSaveUser } from '../hooks/use-save-user';
import { useUsernameCheck } from '../hooks/use-username-check';
import styles from './settings-form.module.css';

type Status = { tone: 'success' | 'pending' | 'error'; text: string } | undefined;

export function UsernamePage() {
  useDocumentTitle('Username');
  const { user } = useCurrentTeam();
  const [username, setUsername] = useState(user.username ?? '');
  const [error, setError] = useState<string | null>(null);
  const check = useUsernameCheck(username, user.username);
  const save = useSaveUser('Username saved', (failure) => setError(errorMessage(failure)));

  const available = check.verdict?.available === true;
  let status: Status;
  if (check.unchanged && username)
    status = { tone: 'pending', text: 'This is your current username' };
  else if (check.checking) status = { tone: 'pending', text: 'Checking availability…' };
  else if (check.verdict) {
    status = available
      ? { tone: 'success', text: 'Username is available' }
      : { tone: 'error', text: check.verdict.message ?? 'This username is not available' };
  } else if (check.error) status = { tone: 'error', text: errorMessage(check.error) };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!available) return;
    setError(null);
    save.mutate({ username: username.trim() });
  }

  return (
    <Card
      title="Username"
      description="A short, unique handle for your account. Letters, numbers, “.”, “-” and “_”."
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormError message={error} />
        <TextField
          label="Username"
          autoComplete="username"
          spellCheck={false}
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            setError(null);
          }}
          status={status}
        />
        <div className={styles.actions}>
          <Button
            type="submit"
            loading={save.isPending}
            loadingText="Saving…"
            disabled={!available}
          >
            Save username
          </Button>
        </div>
      </form>
    </Card>
  );
}
