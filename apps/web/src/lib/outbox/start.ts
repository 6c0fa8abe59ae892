import { startOutboxScheduler } from './scheduler';
// Each channel registers its sender with the scheduler when it loads.
import './practice';
import './exam';
import './reading';
import './video';

/**
 * Every outbox channel on the one scheduler, from app start (main.tsx loads this after the page has loaded, so the
 * channels are not part of the entry route): an answer, a reading mark or a video save queued offline — on this
 * page or an earlier one — is sent when the network returns, whichever screen is open. Returns stop (tests).
 */
export function startOutboxes(): () => void {
  return startOutboxScheduler();
}
