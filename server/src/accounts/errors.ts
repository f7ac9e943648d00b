/**
 * A business error of the accounts part: becomes `{ code: 0, msg }` (spec 8, first row).
 * Thrown inside a DB transaction it also rolls the transaction back, so nothing is half-applied.
 */
export class AccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountError';
  }
}

/** Invalid or expired session: `{ code: 500, msg: "...Token..." }` (spec 8, second row). */
export class TokenError extends Error {
  constructor(message = 'Token is invalid or expired, please sign in again') {
    super(message);
    this.name = 'TokenError';
  }
}
