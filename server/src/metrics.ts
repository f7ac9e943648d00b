/**
 * A small Prometheus text-format registry: counters and gauges with labels.
 * Names required by OPS-2: exchange_ws_connections, exchange_ws_subscriptions{type},
 * exchange_ws_frames_sent_total, exchange_ws_bytes_sent_total, exchange_ws_frames_rejected_total,
 * exchange_http_requests_total{route,status}; and exchange_ledger_imbalance (LEDGER-5).
 */
type Labels = Record<string, string>;

function labelKey(labels: Labels | undefined): string {
  if (!labels) return '';
  const keys = Object.keys(labels).sort();
  if (keys.length === 0) return '';
  return (
    '{' +
    keys
      .map((k) => `${k}="${String(labels[k]).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
      .join(',') +
    '}'
  );
}

export class Metric {
  private values = new Map<string, number>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly kind: 'counter' | 'gauge',
  ) {}
  inc(labels?: Labels, by = 1): void {
    const k = labelKey(labels);
    this.values.set(k, (this.values.get(k) ?? 0) + by);
  }
  dec(labels?: Labels, by = 1): void {
    this.inc(labels, -by);
  }
  set(value: number, labels?: Labels): void {
    this.values.set(labelKey(labels), value);
  }
  get(labels?: Labels): number {
    return this.values.get(labelKey(labels)) ?? 0;
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} ${this.kind}`];
    if (this.values.size === 0 && this.kind === 'gauge') lines.push(`${this.name} 0`);
    for (const [k, v] of this.values) lines.push(`${this.name}${k} ${v}`);
    return lines.join('\n');
  }
}

export class Metrics {
  // Declared first: the field initializers below register into it.
  private readonly all: Metric[] = [];
  readonly wsConnections = this.gauge('exchange_ws_connections', 'Open WebSocket connections now');
  readonly wsSubscriptions = this.gauge('exchange_ws_subscriptions', 'Active socket subscriptions by stream type');
  readonly wsFramesSent = this.counter('exchange_ws_frames_sent_total', 'Frames sent to sockets');
  readonly wsBytesSent = this.counter('exchange_ws_bytes_sent_total', 'Bytes sent to sockets (frame payloads)');
  readonly wsFramesReceived = this.counter('exchange_ws_frames_received_total', 'Frames received from sockets');
  readonly wsFramesRejected = this.counter(
    'exchange_ws_frames_rejected_total',
    'Inbound frames rejected (malformed, unknown, oversized, throttled)',
  );
  readonly httpRequests = this.counter('exchange_http_requests_total', 'HTTP requests by route and status');
  readonly tradesTotal = this.counter('exchange_market_trades_total', 'Trades made by the market simulator');
  readonly ledgerImbalance = this.gauge(
    'exchange_ledger_imbalance',
    'Mismatches found by the last ledger check (LEDGER-5): unbalanced journal rows, balances unlike their entries or holds, negatives',
  );

  counter(name: string, help: string): Metric {
    const m = new Metric(name, help, 'counter');
    this.all.push(m);
    return m;
  }
  gauge(name: string, help: string): Metric {
    const m = new Metric(name, help, 'gauge');
    this.all.push(m);
    return m;
  }
  render(): string {
    return this.all.map((m) => m.render()).join('\n') + '\n';
  }
}
