import { useWizardStore } from '../hooks/wizard-store';
import { GoalsStep } from '../goals/components/goal-step';
import { StepCampaignType } from '../settings/components/step-campaign-type';
import { StepChooseUrl } from './step-choose-url';
import { StepClosePopups } from './step-close-popups';
import { StepEditElements } from '../elements/components/step-edit-elements';
import { StepSettings } from '../settings/components/step-settings';

interface WizardStepPanelProps {
  onNext: () => void;
  screenshotPending: boolean;
  settings: { showAllErrors: boolean; formError: string | null };
}

export function WizardStepPanel({ onNext, screenshotPending, settings }: WizardStepPanelProps) {
  const { state } = useWizardStore();
  switch (state.step) {
    case 'ChooseURL':
      return <StepChooseUrl onNext={onNext} />;
    case 'ClosePopups':
      return <StepClosePopups screenshotPending={screenshotPending} />;
    case 'EditElements':
      return <StepEditElements />;
    case 'EditGoals':
      return <GoalsStep />;
    case 'CampaignTypeSelection':
      return <StepCampaignType />;
    case 'Settings':
      return <StepSettings {...settings} />;
  }
}
