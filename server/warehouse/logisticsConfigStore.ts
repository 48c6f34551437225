import { eq } from 'drizzle-orm';
import { type LogisticsConfig, parseLogisticsConfig } from '../../domain/warehouse/logisticsConfig';
import type { Executor } from '../db/client';
import { clientAccount } from '../db/internalTables';

const parsedConfigs = new Map<string, LogisticsConfig>();

/**
 * The account's stored config as the rules read it (domain parseLogisticsConfig). Every document line reads the
 * config: the same stored text is parsed once (callers never change what they get).
 */
export const storedLogisticsConfig = (stored: unknown): LogisticsConfig => {
  const key = JSON.stringify(stored ?? {});
  const known = parsedConfigs.get(key);
  if (known) return known;
  const config = parseLogisticsConfig(stored);
  if (parsedConfigs.size >= 100) parsedConfigs.clear();
  parsedConfigs.set(key, config);
  return config;
};

/** The account's logistics config; a stored config that no longer parses reads as the defaults. */
export const loadLogisticsConfig = async (db: Executor, accountId: string): Promise<LogisticsConfig> => {
  const [row] = await db
    .select({ config: clientAccount.logisticsConfig })
    .from(clientAccount)
    .where(eq(clientAccount.id, accountId));
  return storedLogisticsConfig(row?.config);
};
