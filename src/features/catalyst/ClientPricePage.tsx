import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientCatalyst, ClientRates } from '../../../domain/catalyst/clientView';
import { errorCodeOf, errorText } from '../../resources/apiErrors';
import { DebouncedTextInput } from '../../resources/DebouncedTextInput';
import { PublicLayout } from '../../ui/PublicLayout';
import { CameraScanButton } from '../scanner/CameraScanButton';
import {
  type ClientSession,
  clientCall,
  signInClient,
  signOutClient,
  storedClientSession,
} from './clientApi';
import { useClientPriceNotices } from './useClientPriceNotices';

interface ClientMe {
  readonly username: string;
  readonly name: string | null;
  readonly group: { readonly name: string | null; readonly canUseCart: boolean };
}
interface ClientCart {
  readonly lines: readonly { readonly id: string }[];
  readonly quantity: number;
}
interface CataloguePage {
  readonly results: readonly ClientCatalyst[];
  readonly allFilteredRowCount: number;
}

const SignInForm = ({ onSignedIn }: { readonly onSignedIn: (s: ClientSession) => void }): ReactNode => {
  const { t } = useTranslation(['catalyst', 'errors']);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await signInClient(username, password));
    } catch (e) {
      setError(errorText(t, errorCodeOf(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <Title order={3}>{t('client.signInTitle')}</Title>
        <TextInput
          label={t('client.username')}
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          autoComplete="username"
          required
          data-testid="catalyst-client-username"
        />
        <PasswordInput
          label={t('client.password')}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          autoComplete="current-password"
          required
          data-testid="catalyst-client-password"
        />
        {error && (
          <Alert color="red" role="alert" data-testid="catalyst-client-error">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={busy} data-testid="catalyst-client-signin">
          {t('client.signIn')}
        </Button>
      </Stack>
    </form>
  );
};

const CatalystCard = ({
  row,
  format,
  onAdd,
}: {
  readonly row: ClientCatalyst;
  readonly format: (n: number, digits?: number) => string;
  readonly onAdd: ((id: string) => void) | undefined;
}): ReactNode => {
  const { t } = useTranslation('catalyst');
  return (
    <Card withBorder padding="sm" data-testid="catalyst-client-row" data-name={row.name}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {row.name}
          </Text>
          {'price' in row && (
            <Badge size="lg" variant="light" data-testid="catalyst-client-price" style={{ flexShrink: 0 }}>
              {row.price === null || row.price === undefined
                ? t('client.noPrice')
                : `${format(row.price, 2)} ${row.currency ?? ''}`}
            </Badge>
          )}
        </Group>
        {row.serialNumbers.length > 0 && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {row.serialNumbers.join(', ')}
          </Text>
        )}
        {row.producerName && <Text size="sm">{row.producerName}</Text>}
        {'weight' in row && row.weight !== null && row.weight !== undefined && (
          <Text size="sm" data-testid="catalyst-client-weight">
            {t('client.weight', { weight: format(row.weight, 3) })}
          </Text>
        )}
        {row.components && row.components.length > 0 && (
          <Text size="sm" data-testid="catalyst-client-components">
            {row.components.map((c) => `${c.shortName} ${format(c.gramsPerKg, 3)} g/kg`).join(' · ')}
          </Text>
        )}
        {onAdd && (
          <Group justify="space-between">
            <Text size="sm">{t('client.inCart', { count: row.cartQuantity ?? 0 })}</Text>
            <Button size="xs" variant="light" onClick={() => onAdd(row.id)} data-testid="catalyst-client-add">
              {t('client.addToCart')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
};

/** The catalogue as the signed-in client's group allows, repriced live when a quote or rule changes. */
const ClientCatalogue = ({ onSignedOut }: { readonly onSignedOut: () => void }): ReactNode => {
  const { t, i18n } = useTranslation(['catalyst', 'errors']);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState<CataloguePage | undefined>();
  const [me, setMe] = useState<ClientMe | undefined>();
  const [rates, setRates] = useState<ClientRates>({});
  const [cart, setCart] = useState<ClientCart | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | undefined>();

  const fail = useCallback(
    (e: unknown) => {
      const code = errorCodeOf(e);
      if (code === 'unauthorized' || code === 'deviceNotRegistered' || code === 'sessionExpired')
        onSignedOut();
      setError(errorText(t, code));
    },
    [onSignedOut, t],
  );

  const load = useCallback(async () => {
    try {
      const [nextMe, nextPage, nextRates] = await Promise.all([
        clientCall<ClientMe>('GET', '/api/catalyst/catalyst/as-client/me'),
        clientCall<CataloguePage>('GET', '/api/catalyst/catalyst/as-client', {
          query: { search: search || undefined, PageSize: 50 },
        }),
        clientCall<ClientRates>('GET', '/api/catalyst/catalyst/as-client/rates'),
      ]);
      setMe(nextMe);
      setPage(nextPage);
      setRates(nextRates);
      setCart(
        nextMe.group.canUseCart
          ? await clientCall<ClientCart>('GET', '/api/catalyst/catalyst/as-client/cart')
          : undefined,
      );
      setError(undefined);
    } catch (e) {
      fail(e);
    }
  }, [search, fail]);

  useEffect(() => {
    void load();
  }, [load]);
  useClientPriceNotices(true, () => void load());

  const format = (n: number, digits = 2) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(n);

  const add = async (catalystId: string) => {
    try {
      setCart(
        await clientCall<ClientCart>('POST', '/api/catalyst/catalyst/as-client', { body: { catalystId } }),
      );
      await load();
    } catch (e) {
      fail(e);
    }
  };
  const submit = async () => {
    try {
      await clientCall('POST', '/api/catalyst/catalyst/as-client/cart/submit');
      setMessage(t('client.cartSent'));
      await load();
    } catch (e) {
      fail(e);
    }
  };
  const signOut = async () => {
    const session = storedClientSession();
    if (session) await signOutClient(session);
    onSignedOut();
  };

  return (
    <Stack>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate data-testid="catalyst-client-name">
            {me?.name ?? me?.username ?? ''}
          </Text>
          {me?.group.name && (
            <Text size="sm" c="dimmed" truncate>
              {me.group.name}
            </Text>
          )}
        </Stack>
        <Button variant="subtle" size="xs" onClick={signOut} data-testid="catalyst-client-signout">
          {t('client.signOut')}
        </Button>
      </Group>
      {rates.metals && rates.metals.length > 0 && (
        <Group gap="xs" data-testid="catalyst-client-rates">
          {rates.metals.map((m) => (
            <Badge key={m.shortName} variant="outline">
              {m.rate === null
                ? `${m.shortName}: ${t('client.noPrice')}`
                : `${m.shortName}: ${format(m.rate, 2)} ${m.currency}/${m.unit}`}
            </Badge>
          ))}
        </Group>
      )}
      <DebouncedTextInput
        label={t('client.search')}
        value={search}
        onCommit={setSearch}
        data-testid="catalyst-client-search"
      />
      <CameraScanButton onScan={(scan) => setSearch(scan.code)} />
      {error && (
        <Alert color="red" role="alert" data-testid="catalyst-client-error">
          {error}
        </Alert>
      )}
      {message && (
        <Alert color="green" withCloseButton onClose={() => setMessage(undefined)}>
          {message}
        </Alert>
      )}
      {cart && (
        <Group justify="space-between" data-testid="catalyst-client-cart">
          <Text size="sm">{t('client.cartSummary', { count: cart.quantity })}</Text>
          <Button
            size="xs"
            disabled={cart.lines.length === 0}
            onClick={submit}
            data-testid="catalyst-client-submit"
          >
            {t('client.sendCart')}
          </Button>
        </Group>
      )}
      {page && (
        <Text size="sm" c="dimmed" data-testid="catalyst-client-count">
          {t('client.found', { count: page.allFilteredRowCount })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {page?.results.map((row) => (
          <CatalystCard
            key={row.id}
            row={row}
            format={format}
            onAdd={cart ? (id) => void add(id) : undefined}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
};

/**
 * The price lookup of a catalyst client account (the company's mobile app users) in the browser: its own
 * sign-in on this device, then the catalogue exactly as its group allows — search by name or serial number,
 * typed or scanned with the camera — with prices that follow new quotes without reloading.
 */
export const ClientPricePage = (): ReactNode => {
  const [session, setSession] = useState<ClientSession | undefined>(() => storedClientSession());
  return (
    <PublicLayout size="sm">
      {session ? (
        <ClientCatalogue onSignedOut={() => setSession(undefined)} />
      ) : (
        <SignInForm onSignedIn={setSession} />
      )}
    </PublicLayout>
  );
};
