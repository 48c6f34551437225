import { z } from 'zod';

/**
 * The error catalogue and the form validation rules (docs/api.md, "Errors").
 * Every failure the server returns carries one of these codes; the client and the
 * server translate them from `locales/<lng>/errors.json` under `errors.<code>`.
 */
export const errorCodes = [
  // form validation rules
  'required',
  'minLength',
  'maxLength',
  'minValue',
  'maxValue',
  'email',
  'emailExist',
  'usernameExist',
  'forbiddenChar',
  'sameAsPassword',
  'wrongUserOrPassword',
  'invalidValue',
  'phoneCountryCode',
  'termsNotAccepted',
  // sign-in and registration
  'accountBlocked',
  'accountNotActivated',
  'activationCodeNotFound',
  'wrongActivationCode',
  'wrongResetCode',
  'emailNotFound',
  'registrationBlocked',
  'googleSignInFailed',
  'tooManyAttempts',
  'unauthorized',
  'sessionExpired',
  'forbidden',
  'unknownLoginError',
  'operationFailed',
  'somethingWentWrong',
  'clientVersionOutdated',
  // data
  'notFoundOrNoPermission',
  'alreadyRemoved',
  'foreignKeyConflict',
  'statusForbidsDelete',
  'statusForbidsChange',
  'uniqueConflict',
  'saveFailed',
  'documentTypeMissing',
  'numberCollision',
  'formHasErrors',
  'unknownAction',
  'invalidFilter',
  'invalidSort',
  'badRequest',
  'fileTooBig',
  'fileExtensionNotAllowed',
  'productionNoResources',
  'cameraPermissionMissing',
  'documentInvalid',
  'stockShortfall',
  'jobNotFound',
  'locationHasNoMap',
  'locationOutsideMap',
  // offline sync (issue 4)
  'mutationInProgress',
  'offlineDataStale',
  // office: files, messages, external services (issue 20)
  'fileContentNotAllowed',
  'fileTooBigForCompany',
  'mailSendFailed',
  'credentialsNotActive',
  'externalServiceFailed',
  'externalImportStarted',
  'externalImportSucceeded',
  'externalImportFailed',
  // shipping, sell offers and the calendar (issue 23)
  'ticketArchived',
  'ticketNotWorkingCopy',
  'ticketNotPublished',
  'ticketAlreadyAssigned',
  'ticketHasOffers',
  'deliveryBeforePickup',
  'offerConfirmed',
  'offerArchived',
  'offerExpired',
  'onlyTicketOwnerConfirms',
  'calendarRecordLocked',
  'sellOfferNotDraft',
  'sellOfferNotOpen',
  'sellOfferExpired',
  'validityInPast',
  // faces on the device (issue 22)
  'noFaceDetected',
  'nobodyRecognised',
  'computerVisionUnavailable',
  'faceEngineUnavailable',
  // contractor portal and shared access links (issue 18)
  'basketEmpty',
  'sharedLinkNotFound',
  'sharedLinkExpired',
  'sharedLinkUsed',
  'sharedLinkWithdrawn',
  // catalyst module (issue 21)
  'deviceIdRequired',
  'deviceLimitReached',
  'deviceNotRegistered',
  'cartDisabled',
  'cartEmpty',
  'priceRecalcDisabled',
  'quoteSourceFailed',
  // import, printing, account limits (issue 19)
  'importFileEmpty',
  'importFileUnreadable',
  'importFileUnreadableAtLine',
  'importUnknownColumn',
  'importColumnMissing',
  'importReferenceNotFound',
  'importDuplicateRow',
  'importHasProblems',
  'importImageUnreachable',
  'labelLayoutMissing',
  'printerConnectionFailed',
  'documentLimitReached',
  // print layouts: a form rule on the layout's content (line and placeholder in the params)
  'layoutUnknownPlaceholder',
  'layoutSyntaxError',
  // every database connection stayed busy for longer than a request may wait (the caller tries again)
  'serverBusy',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const fieldErrorSchema = z.object({
  field: z.string(),
  rule: z.enum(errorCodes),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** A broken warehouse rule (domain/warehouse/issues.ts), on the document position it concerns. */
export const ruleIssueSchema = z.object({
  code: z.string(),
  positionIndex: z.number().optional(),
  field: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  message: z.string().optional(),
});
export type RuleIssue = z.infer<typeof ruleIssueSchema>;

/** The one error shape of every failed API call. */
export const apiErrorSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
  issues: z.array(ruleIssueSchema).optional(),
  requestId: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** HTTP status for each code; anything not listed is a 400. */
export const errorStatus: Partial<Record<ErrorCode, number>> = {
  wrongUserOrPassword: 401,
  unauthorized: 401,
  sessionExpired: 401,
  googleSignInFailed: 401,
  accountBlocked: 403,
  accountNotActivated: 403,
  forbidden: 403,
  registrationBlocked: 403,
  notFoundOrNoPermission: 404,
  activationCodeNotFound: 404,
  emailNotFound: 404,
  alreadyRemoved: 404,
  uniqueConflict: 409,
  foreignKeyConflict: 409,
  statusForbidsDelete: 409,
  statusForbidsChange: 409,
  usernameExist: 409,
  emailExist: 409,
  numberCollision: 406,
  documentInvalid: 422,
  stockShortfall: 409,
  jobNotFound: 404,
  locationHasNoMap: 404,
  locationOutsideMap: 422,
  mutationInProgress: 409,
  fileTooBig: 413,
  fileTooBigForCompany: 413,
  fileContentNotAllowed: 415,
  mailSendFailed: 502,
  credentialsNotActive: 409,
  externalServiceFailed: 502,
  externalImportFailed: 502,
  deviceLimitReached: 403,
  deviceNotRegistered: 401,
  cartDisabled: 403,
  cartEmpty: 409,
  priceRecalcDisabled: 403,
  quoteSourceFailed: 502,
  importFileUnreadable: 422,
  importHasProblems: 422,
  importFileUnreadableAtLine: 422,
  labelLayoutMissing: 422,
  printerConnectionFailed: 502,
  documentLimitReached: 402,
  tooManyAttempts: 429,
  ticketArchived: 409,
  ticketNotWorkingCopy: 409,
  ticketNotPublished: 409,
  ticketAlreadyAssigned: 409,
  ticketHasOffers: 409,
  offerConfirmed: 409,
  offerArchived: 409,
  offerExpired: 409,
  onlyTicketOwnerConfirms: 403,
  calendarRecordLocked: 409,
  sellOfferNotDraft: 409,
  sellOfferNotOpen: 409,
  sellOfferExpired: 409,
  computerVisionUnavailable: 409,
  sharedLinkNotFound: 404,
  sharedLinkExpired: 410,
  sharedLinkUsed: 410,
  sharedLinkWithdrawn: 410,
  somethingWentWrong: 500,
  saveFailed: 500,
  serverBusy: 503,
};

export const statusOf = (code: ErrorCode): number => errorStatus[code] ?? 400;

/** Thrown by domain rules and server code; turned into the error shape by the server. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldError[] | undefined;
  readonly issues: RuleIssue[] | undefined;
  readonly status: number;
  /** For tooManyAttempts: seconds until the call may be tried again (the Retry-After header). */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    code: ErrorCode,
    options: {
      fields?: FieldError[];
      issues?: RuleIssue[];
      status?: number;
      detail?: string;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(options.detail ?? code);
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields;
    this.issues = options.issues;
    this.status = options.status ?? statusOf(code);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
