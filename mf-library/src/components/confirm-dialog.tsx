import type { ComponentProps } from 'react';
import { ConfirmDialog as UiConfirmDialog } from '@tunafy/ui';
import { asApiError } from '../lib/use-api';

/** The API's field error or message for a failed action, as the confirmation shows it. */
function describeFailure(failure: unknown): string {
  const error = asApiError(failure);
  return error.fieldErrors.server ?? error.body.message;
}

/** @tunafy/ui's confirmation, speaking this API's error shape. */
export function ConfirmDialog(props: Omit<ComponentProps<typeof UiConfirmDialog>, 'describeError'>) {
  return <UiConfirmDialog {...props} describeError={describeFailure} />;
}
