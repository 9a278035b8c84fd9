import { useWizard } from '../hooks/wizard-context';
import { GoalsStep } from './goal-step';
import { StepCampaignType } from './step-campaign-type';
import { StepChooseUrl } from './step-choose-url';
import { StepClosePopups } from './step-close-popups';
import { StepEditElements } from './step-edit-elements';
import { StepSettings } from './step-settings';

interface WizardStepPanelProps {
  onNext: () => void;
  screenshotPending: boolean;
  settings: { showAllErrors: boolean; formError: string | null; canEnable: boolean };
}

export function WizardStepPanel({ onNext, screenshotPending, settings }: WizardStepPanelProps) {
  const { state } = useWizard();
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
