import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publishSession, useSessionUser } from './session';

const ANN = { id: '0123456789abcdef01234567', username: 'ann', email: 'ann@example.com' };

function Who() {
  const user = useSessionUser();
  return <p>{user === undefined ? 'unknown' : (user?.username ?? 'guest')}</p>;
}

describe('useSessionUser', () => {
  it('is undefined until a session is published, then follows every publish', () => {
    render(<Who />);
    expect(screen.getByText('unknown')).toBeInTheDocument();
    act(() => publishSession(ANN));
    expect(screen.getByText('ann')).toBeInTheDocument();
    act(() => publishSession(null));
    expect(screen.getByText('guest')).toBeInTheDocument();
  });

  it('reads a session published before it mounted (the bus replays the last one)', () => {
    publishSession(ANN);
    render(<Who />);
    expect(screen.getByText('ann')).toBeInTheDocument();
  });
});
