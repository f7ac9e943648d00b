/** Route paths of the development tools (DEV-1): they exist only when the server is not in production mode. */
export const DEV_PATHS = {
  outbox: '/dev/outbox',
} as const;
