/** The development mailbox's door: whether the server keeps an outbox (the guard opens /dev/outbox then, DEV-1). */
export { hasDevOutbox } from './model/outbox';
