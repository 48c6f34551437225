import { describe, expect, it } from 'vitest';
import { authorizedFileUrl } from '../../../../src/features/products/fileUrl';

describe('authorizedFileUrl', () => {
  it('adds the access token to API files (img tags send no bearer header)', () => {
    expect(authorizedFileUrl('/api/File/download/f1', 'a.b c')).toBe(
      '/api/File/download/f1?access_token=a.b%20c',
    );
    expect(authorizedFileUrl('api/File/download/f1?x=1', 'tok')).toBe(
      '/api/File/download/f1?x=1&access_token=tok',
    );
  });

  it('leaves other addresses and signed-out users alone', () => {
    expect(authorizedFileUrl('https://shop.example/img.png', 'tok')).toBe('https://shop.example/img.png');
    expect(authorizedFileUrl('/api/File/download/f1', null)).toBe('/api/File/download/f1');
  });
});
