import {
  campaignFormSchema,
  ERROR_MESSAGES,
  normalizeUrl,
  type CampaignFormValues,
} from '@kindling/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { teamHref } from '../../../lib/team-path';
import { useForm } from '../../../lib/use-form';
import { Button, ButtonLink } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { FormError, TextAreaField, TextField } from '../../../ui/field';
import { PageHeader } from '../../../ui/page-header';
import { toastSuccess } from '../../../ui/toast';
import { campaignsKey, createCampaign } from '../api/campaigns-api';
import styles from './new-campaign-page.module.css';

export function NewCampaignPage() {
  useDocumentTitle('New campaign');
  const { slug, membership } = useCurrentTeam();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm(
    campaignFormSchema,
    { ingestedUrl: '', name: '', description: '' },
    { validateOn: 'change' },
  );

  const mutation = useMutation({
    mutationFn: (values: CampaignFormValues & { isEnabled: boolean }) =>
      createCampaign(slug, values),
    onSuccess: async ({ id }) => {
      await queryClient.invalidateQueries({ queryKey: campaignsKey(slug) });
      toastSuccess('Campaign created');
      await navigate(teamHref(slug, `/campaign/${id}`));
    },
    onError: (error) => {
      form.showError(error);
      form.setFormError(ERROR_MESSAGES.createCampaign);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const values = { ...form.values, ingestedUrl: normalizeUrl(form.values.ingestedUrl) };
    form.setValues(values);
    if (!form.validate(values)) return;
    const description = values.description.trim();
    mutation.mutate({
      ingestedUrl: values.ingestedUrl,
      name: values.name.trim(),
      description: description === '' ? null : description,
      // Spec section 4: a new campaign starts enabled only if the team has a subscription.
      isEnabled: membership.subscription != null,
    });
  }

  return (
    <div className={styles.page}>
      <PageHeader
        eyebrow={<Link to={teamHref(slug, '/campaigns')}>← Campaigns</Link>}
        title="New campaign"
        description="Start with the page you want to improve. You can add elements, variants and goals next."
      />
      <Card>
        <form className={styles.form} onSubmit={submit} noValidate aria-label="New campaign">
          <FormError message={form.formError} />
          <TextField
            label="Page URL"
            placeholder="https://example.com/landing"
            inputMode="url"
            autoComplete="url"
            autoFocus
            hint="The live page to test. https:// is added when you leave it out."
            onBlur={() => {
              const normalized = normalizeUrl(form.values.ingestedUrl);
              if (normalized !== form.values.ingestedUrl) form.setField('ingestedUrl', normalized);
            }}
            {...form.inputProps('ingestedUrl')}
          />
          <TextField
            label="Campaign name"
            placeholder="e.g. Spring pricing headline"
            {...form.inputProps('name')}
          />
          <TextAreaField
            label="Description (optional)"
            placeholder="What are you trying to learn?"
            {...form.inputProps('description')}
          />
          <div className={styles.actions}>
            <ButtonLink to={teamHref(slug, '/campaigns')} variant="outline" color="secondary">
              Cancel
            </ButtonLink>
            <Button type="submit" loading={mutation.isPending} loadingText="Creating…">
              Create campaign
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
