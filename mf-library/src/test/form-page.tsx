import type { ReactElement } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { SessionUser } from '@tunafy/contracts';
import { ANN } from './fixtures';
import { deferred, formFields, type FakeApi } from './fake-api';
import { currentPath, publishSession, renderAt } from './render';

// What the create and update forms' page tests share: the page rendered for a user, and one submission followed
// from the button's Loading... to the page the app goes to once the API answers.

/** The page at `path` (among `routes`), `user` logged in; `submit` clicks the button named `submitLabel`. */
export function renderFormPage(path: string, routes: Record<string, ReactElement>, submitLabel: string, user: SessionUser = ANN) {
  renderAt(path, routes);
  publishSession(user);
  const events = userEvent.setup({ applyAccept: false });
  return { user: events, submit: () => events.click(screen.getByRole('button', { name: submitLabel })) };
}

interface Submission<T> {
  /** The request's method and path, and its multipart fields as formFields shows them. */
  method: 'post' | 'put';
  path: string;
  fields: Record<string, string>;
  /** The API's answer, and where the page then goes. */
  answer: T;
  then: string;
}

/**
 * Holds the next `method` request open, runs `act` (which fills and submits the form), then checks the button
 * says Loading... (disabled) while the request is out, what was sent, and where the page goes once answered.
 */
export async function expectSubmission<T>(api: FakeApi, act_: () => Promise<unknown>, expected: Submission<T>) {
  const answer = deferred<T>();
  api[expected.method].mockReturnValue(answer.promise);
  await act_();
  expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  const [path, options] = api[expected.method].mock.calls[0]!;
  expect(path).toBe(expected.path);
  expect(formFields(options?.form)).toEqual(expected.fields);
  await act(async () => answer.resolve(expected.answer));
  await waitFor(() => expect(currentPath()).toBe(expected.then));
}

/** Replaces the text of the input labelled `label`. */
export async function retype(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const input = await screen.findByLabelText(label);
  await user.clear(input);
  await user.type(input, text);
}
