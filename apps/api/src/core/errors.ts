/**
 * Errors a handler throws to answer in the conventions of ARCHITECTURE §4. The error handler in
 * http.ts turns them into replies; anything else becomes a 500 with a request id.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/**
 * A business refusal: HTTP 202 with { message }, e.g. "… already exists"; `extra` fields travel beside
 * the message (the store's refusal names the balance held: { message, balance }).
 */
export class Refusal extends HttpError {
  constructor(
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(202, message);
  }
}

/** A refusal the screen may overrule: 202 with { message, confirm: true }; sent again with confirm it goes through. */
export class NeedsConfirmation extends Refusal {
  readonly confirm = true;
}

/** Bad input found by a handler (not the schema): 422 with the field's message. */
export class Invalid extends HttpError {
  constructor(field: string, message: string) {
    super(422, message, { [field]: [message] });
  }
}

export class NotFound extends HttpError {
  constructor(what = 'record') {
    super(404, `No such ${what}`);
  }
}

export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export class TooManyAttempts extends HttpError {
  constructor(message: string) {
    super(429, message);
  }
}
