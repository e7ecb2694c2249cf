import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeAudioContext } from '../test/fake-audio-context';
import { LoudnessOutput, dbToGain } from './loudness-output';

afterEach(() => vi.restoreAllMocks());

/** An output over two elements and a context made by `make` (counted). */
function setup(make: () => FakeAudioContext | null = () => new FakeAudioContext()) {
  const created: FakeAudioContext[] = [];
  const createContext = vi.fn(() => {
    const context = make();
    if (context) created.push(context);
    return context;
  });
  const output = new LoudnessOutput(createContext);
  const a = document.createElement('audio');
  const b = document.createElement('audio');
  output.add(a);
  output.add(b);
  return { output, a, b, createContext, context: () => created[0] };
}

describe('LoudnessOutput', () => {
  it('makes no context before the first play, then one for good', async () => {
    const { output, createContext } = setup();
    output.setGain(document.createElement('audio'), -3);
    expect(createContext).not.toHaveBeenCalled();
    output.beforePlay();
    output.beforePlay();
    expect(createContext).toHaveBeenCalledTimes(1);
  });

  it('plays straight while the context is suspended, and routes both elements once it runs', async () => {
    const { output, a, b, context } = setup();
    output.setGain(a, -6);
    // The first play does not wait: the elements are not routed yet, so they are heard as they are.
    expect(output.beforePlay()).toBeNull();
    expect(context().resumeCalls).toBe(1);
    expect(output.routed).toBe(false);
    expect(context().gainOf(a)).toBeNull();
    await vi.waitFor(() => expect(output.routed).toBe(true));
    expect(context().gainOf(a)).toBeCloseTo(dbToGain(-6));
    expect(context().gainOf(b)).toBe(1);
    expect(a.dataset.tunafyNormalized).toBe('true');
  });

  it('routes at once when the context runs from the start (made in a user gesture)', () => {
    const { output, a, b, context } = setup(() => new FakeAudioContext({ state: 'running' }));
    expect(output.beforePlay()).toBeNull();
    expect(context().resumeCalls).toBe(0);
    expect(context().gainOf(a)).toBe(1);
    expect(context().gainOf(b)).toBe(1);
  });

  it("sets each element's own gain, in dB, before and after routing", () => {
    const { output, a, b, context } = setup(() => new FakeAudioContext({ state: 'running' }));
    output.setGain(b, 4);
    output.beforePlay();
    output.setGain(a, -9.5);
    expect(context().gainOf(a)).toBeCloseTo(0.335, 3);
    expect(context().gainOf(b)).toBeCloseTo(1.585, 3);
    expect(a.dataset.tunafyGainDb).toBe('-9.5');
    output.setGain(a, Number.NaN);
    expect(context().gainOf(a)).toBe(1);
  });

  it('makes a play wait while routed elements sit in a suspended context, until it resumes', async () => {
    const { output, a, context } = setup(() => new FakeAudioContext({ state: 'running' }));
    output.beforePlay();
    context().setState('suspended');
    const waiting = output.beforePlay();
    expect(waiting).not.toBeNull();
    expect(context().state).toBe('suspended');
    await waiting;
    expect(context().state).toBe('running');
    expect(context().gainOf(a)).toBe(1);
  });

  it('plays straight, never routed, when the context is not allowed to run', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { output, a, context } = setup(() => new FakeAudioContext({ resumes: 'refuse' }));
    expect(output.beforePlay()).toBeNull();
    await Promise.resolve();
    expect(output.beforePlay()).toBeNull();
    expect(context().resumeCalls).toBe(2);
    expect(output.routed).toBe(false);
    expect(context().gainOf(a)).toBeNull();
  });

  it('plays straight without Web Audio, asking only once', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const missing = setup(() => null);
    expect(missing.output.beforePlay()).toBeNull();
    expect(missing.output.beforePlay()).toBeNull();
    expect(missing.createContext).toHaveBeenCalledTimes(1);

    const broken = setup(() => {
      throw new Error('too many contexts');
    });
    expect(broken.output.beforePlay()).toBeNull();
    expect(broken.output.routed).toBe(false);
  });

  it('keeps both elements alike when one cannot be routed (another graph took it)', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let taken: HTMLMediaElement | null = null;
    const { output, a, b, context } = setup(() => {
      const context = new FakeAudioContext({ state: 'running' });
      if (taken) context.createMediaElementSource(taken);
      return context;
    });
    taken = b;
    output.setGain(a, -6);
    output.beforePlay();
    expect(context().gainOf(a)).toBe(1);
    expect(context().gainOf(b)).toBeNull();
    output.setGain(a, -12);
    expect(context().gainOf(a)).toBe(1);
  });

  it('closes its context when destroyed', () => {
    const { output, context } = setup(() => new FakeAudioContext({ state: 'running' }));
    output.beforePlay();
    output.destroy();
    expect(context().closed).toBe(true);
    expect(output.beforePlay()).toBeNull();
  });
});
