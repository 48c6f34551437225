/** What GET ExternalCredentials/config/{id} (and activate) answer: the credentials without their secret. */
export interface ExternalCredentialsConfig {
  readonly id: string;
  readonly serviceType: string;
  readonly serviceName: string;
  readonly baseUrl: string;
  readonly username: string | null;
  readonly hasSecret: boolean;
  readonly isActive: boolean;
  readonly refreshTokenValidity: string | null;
  readonly importedUntil: string | null;
  /** Only while inactive: the one-time code that activates these credentials, and until when. */
  readonly activationCode: string | null;
  readonly activationCodeValidUntil: string | null;
}
