import { PUBLISH_INTERVAL_MS, Publisher } from './dataVersionChannel';

/** The coalescing of announcements (no database: `send` is counted). */

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function counting() {
  const sent: number[] = [];
  let release: (() => void) | undefined;
  let hold = false;
  const send = () => {
    sent.push(performance.now());
    return hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  };
  return { sent, send, holdNext: () => (hold = true), release: () => ((hold = false), release?.()) };
}

describe('announcing local writes', () => {
  it('sends the first bump at once and a burst as one more send after the interval', async () => {
    const { sent, send } = counting();
    const publisher = new Publisher(send);
    publisher.request();
    expect(sent).toHaveLength(1);
    for (let i = 0; i < 100; i++) publisher.request();
    expect(sent).toHaveLength(1);
    await publisher.published();
    expect(sent).toHaveLength(2);
    expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(PUBLISH_INTERVAL_MS - 1);
    await settle(PUBLISH_INTERVAL_MS * 3);
    expect(sent).toHaveLength(2);
  });

  it('never drops the last bump, even one made while a send is under way', async () => {
    const channel = counting();
    const publisher = new Publisher(channel.send);
    channel.holdNext();
    publisher.request();
    publisher.request(); // during the send: its change may have committed after the send's notification
    let done = false;
    const published = publisher.published().then(() => (done = true));
    await settle(PUBLISH_INTERVAL_MS * 2);
    expect(done).toBe(false);
    channel.release();
    await published;
    expect(channel.sent).toHaveLength(2);
  });

  it('resolves published() at once when nothing is pending, and after a failed send too', async () => {
    const publisher = new Publisher(() => Promise.reject(new Error('banco fora')));
    await publisher.published();
    publisher.request();
    await expect(publisher.published()).resolves.toBeUndefined();
  });

  it('drain() sends a pending bump without waiting for the interval', async () => {
    const { sent, send } = counting();
    const publisher = new Publisher(send);
    publisher.request();
    await publisher.published();
    publisher.request();
    const drained = publisher.drain();
    // Sent right away, not from the interval's timer.
    expect(sent).toHaveLength(2);
    await drained;
    await settle(PUBLISH_INTERVAL_MS * 2);
    expect(sent).toHaveLength(2);
  });
});
