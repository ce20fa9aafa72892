import { randomBytes } from 'node:crypto';
import {
  listUnsubscribeHeaders,
  messageIdFor,
  threadHeaders,
  unsubscribeToken,
  verifyUnsubscribeToken,
} from './mail-headers';

describe('messageIdFor', () => {
  it('is the same for a retried send and on the mailbox’s domain', () => {
    const id = messageIdFor('engine:42', 'frontdesk@glow.example');
    expect(id).toMatch(/^<pp\.[0-9a-f]{32}@glow\.example>$/);
    expect(messageIdFor('engine:42', 'frontdesk@glow.example')).toBe(id);
    expect(messageIdFor('engine:43', 'frontdesk@glow.example')).not.toBe(id);
  });
});

describe('threadHeaders', () => {
  it('replies to the latest message and references the thread oldest first', () => {
    expect(threadHeaders(['<c@x.example>', '<b@x.example>', '<a@x.example>'])).toEqual({
      inReplyTo: '<c@x.example>',
      references: ['<a@x.example>', '<b@x.example>', '<c@x.example>'],
    });
  });

  it('starts a thread when there is nothing earlier, and ignores what is not a message id', () => {
    expect(threadHeaders([])).toEqual({});
    expect(threadHeaders(['EMsandbox123', ''])).toEqual({});
  });

  it('keeps at most the 10 latest', () => {
    const ids = Array.from({ length: 15 }, (_, i) => `<m${i}@x.example>`);
    expect(threadHeaders(ids).references).toHaveLength(10);
  });
});

describe('listUnsubscribeHeaders', () => {
  it('offers RFC 8058 one-click unsubscription', () => {
    expect(listUnsubscribeHeaders('https://app.example/api/v1/email/unsubscribe?token=t')).toEqual({
      'List-Unsubscribe': '<https://app.example/api/v1/email/unsubscribe?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});

describe('unsubscribe tokens', () => {
  const secret = randomBytes(32);

  it('names the practice and lead it was made for', () => {
    const token = unsubscribeToken(secret, 'practice-1', 'person-1');
    expect(verifyUnsubscribeToken(secret, token)).toEqual({ practiceId: 'practice-1', personId: 'person-1' });
    expect(verifyUnsubscribeToken(randomBytes(32), token)).toBeNull();
  });

  it('refuses a token changed to name another lead or practice', () => {
    const [, , sig] = unsubscribeToken(secret, 'practice-1', 'person-1').split('.');
    expect(verifyUnsubscribeToken(secret, `practice-1.person-2.${sig}`)).toBeNull();
    expect(verifyUnsubscribeToken(secret, `practice-2.person-1.${sig}`)).toBeNull();
    expect(verifyUnsubscribeToken(secret, 'garbage')).toBeNull();
  });
});
