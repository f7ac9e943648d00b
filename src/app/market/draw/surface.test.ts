import { describe, expect, it } from 'vitest';
import type { DrawLayout } from './drawList';
import type { DrawMessage } from './scene';
import { Outbox } from './surface';

const layout = { width: 100 } as DrawLayout;
const data = (price: string) => ({ levels: [{ price, amount: '1', total: '1', fill: 1 }], focus: -1 });

function setup() {
  const posted: DrawMessage[] = [];
  const tasks: (() => void)[] = [];
  const out = new Outbox({ postMessage: (m) => posted.push(m) }, (f) => tasks.push(f));
  const endTask = () => tasks.splice(0).forEach((f) => f());
  return { posted, out, endTask };
}

describe('drawing worker outbox [PERF-65]', () => {
  it('[PERF-65] what the canvases get in one task reaches the worker as one message, in order', () => {
    const { posted, out, endTask } = setup();
    out.send({ t: 'data', id: 1, data: data('1') });
    out.send({ t: 'data', id: 2, data: data('2') });
    out.send({ t: 'data', id: 3, data: [] });
    expect(posted).toEqual([]);
    endTask();
    expect(posted).toEqual([
      {
        t: 'batch',
        msgs: [
          { t: 'data', id: 1, data: data('1') },
          { t: 'data', id: 2, data: data('2') },
          { t: 'data', id: 3, data: [] },
        ],
      },
    ]);
    // The next task's message goes on its own, bare.
    out.send({ t: 'data', id: 1, data: data('4') });
    endTask();
    expect(posted[1]).toEqual({ t: 'data', id: 1, data: data('4') });
    endTask();
    expect(posted).toHaveLength(2);
  });

  it('[PERF-65] a newer message of a kind replaces the one waiting; a layout between data stays before the newest', () => {
    const { posted, out, endTask } = setup();
    out.send({ t: 'data', id: 1, data: data('1') });
    out.send({ t: 'layout', id: 1, layout });
    out.send({ t: 'data', id: 1, data: data('2') });
    endTask();
    expect(posted).toEqual([
      {
        t: 'batch',
        msgs: [
          { t: 'layout', id: 1, layout },
          { t: 'data', id: 1, data: data('2') },
        ],
      },
    ]);
  });

  it('[PERF-65] a close drops what its canvas still had waiting', () => {
    const { posted, out, endTask } = setup();
    out.send({ t: 'layout', id: 1, layout });
    out.send({ t: 'data', id: 1, data: data('1') });
    out.send({ t: 'data', id: 2, data: data('2') });
    out.send({ t: 'close', id: 1 });
    endTask();
    expect(posted).toEqual([
      {
        t: 'batch',
        msgs: [
          { t: 'data', id: 2, data: data('2') },
          { t: 'close', id: 1 },
        ],
      },
    ]);
  });
});
