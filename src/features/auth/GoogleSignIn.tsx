import { Alert, Box, Stack } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/http';
import { errorMessage } from '../../i18n/i18n';
import { postSignInPath, signInWithGoogle } from '../../session/session';

/** Google Identity Services' script (loaded only when the server has a Google client id). */
export const googleScriptUrl = 'https://accounts.google.com/gsi/client';

/** The part of Google Identity Services' `google.accounts.id` the button uses. */
interface GoogleIdentity {
  initialize(options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: 'popup' | 'redirect';
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: 'standard';
      theme?: 'outline';
      size?: 'large';
      text?: 'signin_with';
      width?: number;
      locale?: string;
    },
  ): void;
}
type GoogleWindow = Window & { google?: { accounts?: { id?: GoogleIdentity } } };

let loading: Promise<GoogleIdentity> | undefined;
/** Adds Google's script once; resolves with `google.accounts.id`, rejects if it does not load. */
const loadGoogleIdentity = (): Promise<GoogleIdentity> => {
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const ready = () => {
      const id = (window as GoogleWindow).google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services did not start'));
    };
    const script = document.createElement('script');
    script.src = googleScriptUrl;
    script.async = true;
    script.onload = ready;
    script.onerror = () => reject(new Error('Google Identity Services did not load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
};

/**
 * "Sign in with Google" under the sign-in form, when the server has a Google client id: Google's own button
 * (Google Identity Services) gives an ID token, which GET Auth/GoogleToken/{token} turns into a session for the
 * Aisle user with that e-mail. Any failure shows the catalogue's "third-party sign-in failed".
 */
export const GoogleSignIn = (): ReactNode => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [clientId, setClientId] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const button = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    api
      .get<{ clientId: string | null }>('/api/Auth/GoogleClientId', null, { silent: true })
      .then((r) => {
        if (!cancelled) setClientId(r.clientId);
      })
      // Without the answer there is simply no Google button.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !button.current) return;
        google.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) => {
            setFailure(null);
            if (!credential) {
              setFailure({ rule: 'googleSignInFailed' });
              return;
            }
            signInWithGoogle(credential)
              .then(() => navigate(postSignInPath(), { replace: true }))
              .catch((error: unknown) => setFailure(error));
          },
        });
        google.renderButton(button.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          width: 280,
          locale: i18n.language,
        });
      })
      .catch(() => {
        if (!cancelled) setFailure({ rule: 'googleSignInFailed' });
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, navigate, i18n.language]);

  if (!clientId) return null;
  return (
    <Stack gap="xs" align="center" data-testid="google-signin">
      <Box ref={button} data-testid="google-signin-button" />
      {failure !== null && (
        <Alert color="red" role="alert" w="100%" data-testid="google-signin-error">
          {errorMessage(t, failure)}
        </Alert>
      )}
    </Stack>
  );
};
