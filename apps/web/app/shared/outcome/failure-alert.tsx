import { Alert, type AlertTone } from '../components/ui/alert';
import type { Failure } from './outcome';

/**
 * The tone of a failure: a refused ID or key, and a fault of ours, are `danger`; an HTTP error
 * the server explained (too many attempts, an update under way, no answer) is a `warning`
 * (SPEC §8: staff screens show other HTTP errors in a warning alert).
 */
export function failureTone(failure: Failure): AlertTone {
  return failure.kind === 'failed' && failure.status !== null ? 'warning' : 'danger';
}

/**
 * The one look of a failure on every lookup and staff tool (decision 111): the design system's
 * Alert, announced (`role="alert"`), with the message exactly as the outcome gives it.
 */
export function FailureAlert({ failure }: { failure: Failure }) {
  return (
    <Alert role="alert" tone={failureTone(failure)}>
      {failure.message}
    </Alert>
  );
}
