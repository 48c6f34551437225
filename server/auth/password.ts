import { hash, verify } from '@node-rs/argon2';

// argon2id (algorithm 2) with OWASP's recommended minimum cost.
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

export const verifyPassword = async (
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> => {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};
