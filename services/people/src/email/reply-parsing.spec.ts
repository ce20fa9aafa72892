import { parseInboundEmail } from './inbound-email';
import {
  bareAddress,
  isAutoReply,
  isEmailOptOut,
  messageIds,
  stripQuotedReply,
  threadIds,
} from './reply-parsing';

describe('reading a reply', () => {
  describe('thread ids', () => {
    it('puts In-Reply-To first, then References newest first, without repeats', () => {
      expect(threadIds('<c@x.example>', ['<a@x.example>', '<b@x.example>', '<c@x.example>'])).toEqual([
        '<c@x.example>',
        '<b@x.example>',
        '<a@x.example>',
      ]);
    });

    it('reads a References header written as one line, and an id without brackets', () => {
      expect(threadIds(undefined, '<a@x.example> <b@x.example>')).toEqual(['<b@x.example>', '<a@x.example>']);
      expect(messageIds('a1@x.example')).toEqual(['<a1@x.example>']);
      expect(messageIds('not an id', undefined, 42)).toEqual([]);
    });
  });

  describe('quoted text', () => {
    it('cuts Gmail’s "On … wrote:" and what follows, also when wrapped over two lines', () => {
      expect(
        stripQuotedReply('Yes, Thursday.\n\nOn Mon, Nov 23, 2026 at 9:14 AM Glow <a@b.example> wrote:\n> Hi'),
      ).toBe('Yes, Thursday.');
      expect(
        stripQuotedReply(
          'Yes.\r\n\r\nOn Mon, Nov 23, 2026 at 9:14 AM Glow Aesthetics\r\n<a@b.example> wrote:\r\n> Hi',
        ),
      ).toBe('Yes.');
    });

    it('cuts Outlook’s header block and original-message rule, and a signature', () => {
      expect(
        stripQuotedReply('Sounds good\n\n________________________________\nFrom: Glow\nSent: Monday'),
      ).toBe('Sounds good');
      expect(stripQuotedReply('Sounds good\n-----Original Message-----\nFrom: Glow')).toBe('Sounds good');
      expect(stripQuotedReply('See you then\n-- \nSofia Alvarez\n555-0100')).toBe('See you then');
      expect(stripQuotedReply('Ok\n\nSent from my iPhone')).toBe('Ok');
    });

    it('cuts trailing ">" lines but keeps interleaved answers, and keeps a message that is only a quote', () => {
      expect(stripQuotedReply('Thursday\n> Which day?\n> Thanks')).toBe('Thursday');
      expect(stripQuotedReply('> Which day?\nThursday\n> Time?\n3 pm')).toBe(
        '> Which day?\nThursday\n> Time?\n3 pm',
      );
      expect(stripQuotedReply('> only a quote')).toBe('> only a quote');
    });
  });

  describe('auto-replies', () => {
    it('knows RFC 3834 Auto-Submitted and the vacation markers', () => {
      expect(isAutoReply(new Map([['auto-submitted', 'auto-replied']]), 'Re: hi')).toBe(true);
      expect(isAutoReply(new Map([['auto-submitted', 'no']]), 'Re: hi')).toBe(false);
      expect(isAutoReply({ 'x-autoreply': 'yes' }, 'Re: hi')).toBe(true);
      expect(isAutoReply({ precedence: 'bulk' }, 'Re: hi')).toBe(true);
      expect(isAutoReply({}, 'Re: hi', 'multipart/report; report-type=delivery-status')).toBe(true);
    });

    it('knows out-of-office subjects, and not a person’s reply', () => {
      expect(isAutoReply({}, 'Automatic reply: Your consultation')).toBe(true);
      expect(isAutoReply({}, 'Out of Office: back Monday')).toBe(true);
      expect(isAutoReply({}, 'Re: Your consultation')).toBe(false);
    });
  });

  it('takes the bare address out of a display form', () => {
    expect(bareAddress('Sofia <Sofia.A@Mail.example>')).toBe('sofia.a@mail.example');
    expect(bareAddress('sofia@mail.example')).toBe('sofia@mail.example');
    expect(bareAddress('Sofia')).toBeNull();
  });

  it('treats a short "unsubscribe" or "please stop emailing me" as opting out of e-mail, not a long message', () => {
    expect(isEmailOptOut({ subject: 'Re: consult', text: 'Unsubscribe' })).toBe(true);
    expect(isEmailOptOut({ subject: 'unsubscribe', text: '' })).toBe(true);
    expect(isEmailOptOut({ subject: 'Re: consult', text: "Please don't email me again." })).toBe(true);
    expect(isEmailOptOut({ subject: 'Re: consult', text: 'Yes, Thursday works.' })).toBe(false);
    const long = `I'll stop by on Thursday, please hold the 3 pm slot. ${'I have a few questions about aftercare. '.repeat(5)}`;
    expect(isEmailOptOut({ subject: 'Re: consult', text: long })).toBe(false);
  });

  it('parses a raw message with mailparser: ids, addresses, auto-reply and the text without the quote', async () => {
    const mail = await parseInboundEmail(
      [
        'From: "Sofia Alvarez" <Sofia@Mail.example>',
        'To: Glow <frontdesk@glow.example>',
        'Subject: Re: Your consultation',
        'Message-ID: <r1@mail.example>',
        'In-Reply-To: <pp.1@glow.example>',
        'References: <pp.0@glow.example> <pp.1@glow.example>',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Sure, Thursday at 3 works =E2=80=94 thanks!',
        '',
        'On Mon, Nov 23, 2026 at 9:14 AM Glow <frontdesk@glow.example> wrote:',
        '> Hi Sofia',
        '',
      ].join('\r\n'),
    );
    expect(mail).toEqual({
      messageId: '<r1@mail.example>',
      threadIds: ['<pp.1@glow.example>', '<pp.0@glow.example>'],
      from: 'sofia@mail.example',
      to: ['frontdesk@glow.example'],
      subject: 'Re: Your consultation',
      text: 'Sure, Thursday at 3 works — thanks!',
      autoReply: false,
    });
  });

  it('reads the text of an HTML-only reply without its blockquote', async () => {
    const mail = await parseInboundEmail(
      [
        'From: sofia@mail.example',
        'Subject: Re: hi',
        'Message-ID: <r2@mail.example>',
        'Auto-Submitted: auto-replied',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<div>Away until Monday &amp; back soon</div><blockquote>Hi Sofia</blockquote>',
      ].join('\r\n'),
    );
    expect(mail.text).toBe('Away until Monday & back soon');
    expect(mail.autoReply).toBe(true);
  });
});
