import { apiKeyNameSchema, type ApiKeyScope } from '@kindling/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { useCurrentTeam } from '../../../lib/current-team';
import { formatDate } from '../../../lib/format';
import { useForm } from '../../../lib/use-form';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { useConfirm } from '../../../ui/confirm-dialog';
import { ErrorPanel } from '../../../ui/error-panel';
import { FormError, TextField } from '../../../ui/field';
import { SecretBox } from '../../../ui/secret-box';
import { SegmentedControl } from '../../../ui/segmented-control';
import { LoadingState } from '../../../ui/spinner';
import { Stack } from '../../../ui/stack';
import { toastSuccess } from '../../../ui/toast';
import {
  apiKeysKey,
  createApiKey,
  fetchApiKeys,
  revokeApiKey,
  type ApiKey,
} from '../api/settings-api';
import styles from './api-keys.module.css';
import formStyles from './settings-form.module.css';

const apiKeyFormSchema = z.object({ name: apiKeyNameSchema });

const SCOPES = [
  { value: 'read', label: 'Read only' },
  { value: 'write', label: 'Read and write' },
] as const satisfies readonly { value: ApiKeyScope; label: string }[];
const scopeLabel = (scope: ApiKeyScope) => SCOPES.find((s) => s.value === scope)!.label;

export function ApiKeys() {
  const { slug, isOwner } = useCurrentTeam();
  const keys = useQuery({ queryKey: apiKeysKey(slug), queryFn: () => fetchApiKeys(slug) });
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <Card
      title="API keys"
      description="Keys let your own services read campaigns, results, pages and sign-ups (read only), or also change them (read and write), with 'Authorization: ApiKey kk_…'. A key never acts as a person: invitations, notifications and keys themselves stay with members."
    >
      <Stack>
        {isOwner ? <CreateApiKeyForm onCreated={setSecret} /> : null}
        {secret ? (
          <SecretBox
            secret={secret}
            note="Copy this key now. You will not see it again."
            testId="api-key-secret"
          />
        ) : null}
        {keys.isPending ? (
          <LoadingState />
        ) : keys.isError ? (
          <ErrorPanel error={keys.error} onRetry={() => void keys.refetch()} />
        ) : (
          <ApiKeyList apiKeys={keys.data} />
        )}
      </Stack>
    </Card>
  );
}

function CreateApiKeyForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const { slug } = useCurrentTeam();
  const queryClient = useQueryClient();
  const form = useForm(apiKeyFormSchema, { name: '' });
  const [scope, setScope] = useState<ApiKeyScope>('read');

  const mutation = useMutation({
    mutationFn: (name: string) => createApiKey(slug, name, scope),
    onSuccess: async ({ secret }) => {
      form.setValues({ name: '' });
      onCreated(secret);
      await queryClient.invalidateQueries({ queryKey: apiKeysKey(slug) });
      toastSuccess('API key created');
    },
    onError: (error) => form.showError(error),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    mutation.mutate(form.values.name.trim());
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Create an API key">
      <FormError message={form.formError} />
      <div className={styles.createForm}>
        <TextField
          label="Key name"
          placeholder="Build server"
          autoComplete="off"
          {...form.inputProps('name')}
        />
        <Button
          type="submit"
          className={styles.createButton}
          loading={mutation.isPending}
          loadingText="Creating…"
        >
          Create key
        </Button>
      </div>
      <SegmentedControl
        legend="Access"
        name="api-key-scope"
        value={scope}
        options={SCOPES}
        onChange={setScope}
      />
    </form>
  );
}

function ApiKeyList({ apiKeys }: { apiKeys: ApiKey[] }) {
  const { slug, user, isOwner } = useCurrentTeam();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const timeZone = user.preferences.timezone;

  async function revoke(key: ApiKey) {
    const revoked = await confirm({
      title: 'Revoke API key',
      message: `Services using "${key.name}" will stop receiving updates at once.`,
      confirmLabel: 'Revoke',
      danger: true,
      onConfirm: () => revokeApiKey(slug, key.id),
    });
    if (!revoked) return;
    await queryClient.invalidateQueries({ queryKey: apiKeysKey(slug) });
    toastSuccess('API key revoked');
  }

  if (apiKeys.length === 0) return <p className={styles.empty}>No API keys yet.</p>;

  return (
    <ul className={formStyles.list} aria-label="API keys">
      {apiKeys.map((key) => (
        <li key={key.id} className={formStyles.row} data-testid="api-key-row">
          <div className={formStyles.rowText}>
            <span className={formStyles.rowTitle}>
              {key.name} <Badge>{scopeLabel(key.scope)}</Badge>
            </span>
            <span className={formStyles.rowDescription}>
              <span className={styles.prefix}>{`kk_${key.prefix}…`}</span> · Created{' '}
              {formatDate(key.createdAt, timeZone)} ·{' '}
              {key.lastUsedAt ? `Last used ${formatDate(key.lastUsedAt, timeZone)}` : 'Never used'}
            </span>
          </div>
          {isOwner ? (
            <Button
              size="sm"
              variant="ghost"
              color="danger"
              onClick={() => void revoke(key)}
              aria-label={`Revoke ${key.name}`}
            >
              Revoke
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
