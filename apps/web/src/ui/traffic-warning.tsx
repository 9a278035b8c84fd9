import type { TrafficConcentration } from '@kindling/domain';
import { NoteBanner } from './note-banner';

/**
 * The server's warning that a campaign's counted traffic comes from few network addresses, so
 * nothing automatic acts on it (stops, bandit shares, notices). Shows the API's words as they
 * are; nothing when the traffic is not concentrated.
 */
export function TrafficWarning({
  traffic,
  className,
}: {
  traffic: TrafficConcentration;
  className?: string;
}) {
  if (!traffic.concentrated || !traffic.text) return null;
  return (
    <NoteBanner
      tone="warning"
      title="Traffic from few network addresses"
      className={className}
      testId="traffic-warning"
    >
      {traffic.text}
    </NoteBanner>
  );
}
