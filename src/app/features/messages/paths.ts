/** Every route path of the messages area (spec 2.1): the inbox and one message. */
export const MESSAGES_PATHS = {
  message: '/message',
  messageDetail: '/message/detail',
} as const;
