import type { ReactNode } from 'react';
import { config } from '../../../lib/config';
import { Carousel, type CarouselSlide } from '../../../ui/carousel';
import { CampaignsIcon, PreviewIcon, SparkleIcon } from '../../../ui/icons';
import styles from './onboarding-carousel.module.css';

const CodeIcon = () => (
  <span className={styles.code} aria-hidden="true">
    {'</>'}
  </span>
);

const STEPS: { id: string; title: string; text: string; icon: ReactNode }[] = [
  {
    id: 'url',
    title: 'Paste a URL',
    text: 'Start from any live page: paste its address and it opens in a live preview, on desktop, tablet or phone.',
    icon: <PreviewIcon size={22} />,
  },
  {
    id: 'elements',
    title: 'Pick elements',
    text: 'Click headlines, buttons and images, then write variants by hand or let AI suggest rewrites and new images.',
    icon: <SparkleIcon size={22} />,
  },
  {
    id: 'snippet',
    title: 'Install the snippet',
    text: 'Add one line to your site. It splits real visitors between the original and your variants, without flicker.',
    icon: <CodeIcon />,
  },
  {
    id: 'results',
    title: 'Read the results',
    text: 'Watch conversions, uplift and the chance to beat the original, with statistics that say when a winner is real.',
    icon: <CampaignsIcon size={22} />,
  },
];

const slides: CarouselSlide[] = STEPS.map((step, index) => ({
  id: step.id,
  title: step.title,
  content: (
    <div className={styles.slide}>
      <span className={styles.icon}>{step.icon}</span>
      <div>
        <p className={styles.step}>
          Step {index + 1} of {STEPS.length}
        </p>
        <h3 className={styles.title}>{step.title}</h3>
        <p className={styles.text}>{step.text}</p>
      </div>
    </div>
  ),
}));

/** The empty campaign list's tour of how a first campaign comes together. */
export function OnboardingCarousel() {
  return <Carousel label={`How ${config.brand} works`} slides={slides} />;
}
