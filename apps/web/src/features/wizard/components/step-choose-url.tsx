import { normalizeUrl } from '@kindling/domain';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../ui/field';
import { Button } from '../../../ui/button';
import { useOwnPagesOrigin } from '../../../lib/own-pages-origin';
import { useWizardStore } from '../hooks/wizard-store';
import { urlError } from '../settings/state/settings-rules';
import layout from './step-layout.module.css';

export function StepChooseUrl({ onNext }: { onNext: () => void }) {
  const { state, dispatch } = useWizardStore();
  const [error, setError] = useState<string>();
  const ownPagesOrigin = useOwnPagesOrigin();

  function submit(event: FormEvent) {
    event.preventDefault();
    const url = normalizeUrl(state.ingestedUrl);
    dispatch({ type: 'setUrl', url });
    const message = urlError(url, ownPagesOrigin);
    setError(message);
    if (!message) onNext();
  }

  return (
    <form className={layout.stepBody} onSubmit={submit} noValidate aria-label="Choose page">
      <h2 className={layout.stepTitle}>Which page do you want to improve?</h2>
      <p className={layout.stepText}>
        Paste the address of a live page. We open it in a live preview where you pick the text and
        images to test.
      </p>
      <TextField
        label="Page URL"
        placeholder="https://www.example.com/pricing"
        inputMode="url"
        autoComplete="url"
        autoFocus
        hint="https:// is added when you leave it out."
        value={state.ingestedUrl}
        error={error}
        onChange={(event) => {
          dispatch({ type: 'setUrl', url: event.target.value });
          if (error) setError(undefined);
        }}
      />
      <Button type="submit">Open page</Button>
    </form>
  );
}
