/** Every route path of the messages area (spec 2.1): the inbox and one message. */
export const MESSAGES_PATHS = {
  message: '/message',
  messageDetail: '/message/detail',
} as const;

/** One message's page: /message/detail?id=N. */
export const messageHref = (id: number) => `${MESSAGES_PATHS.messageDetail}?id=${id}`;
