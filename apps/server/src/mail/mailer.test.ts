import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { linkIn, useSmtpCapture } from '../../test/smtp-capture';
import { createMailer } from './mailer';
import { renderMail } from './render-mail';

const log = pino({ level: 'silent' });
const content = renderMail({
  subject: 'Reset your Kindling password',
  heading: 'Reset your password',
  paragraphs: ['Someone asked to reset the password of <ada@example.com>.'],
  action: { label: 'Choose a new password', url: 'https://app.example/reset?token=a&b=c' },
  footnote: 'If you did not ask for this, ignore this mail.',
});

describe('mailer', () => {
  const smtp = useSmtpCapture();

  it('sends plain text and HTML through the SMTP server at SMTP_URL', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Kindling <k@example.com>', log });
    expect(mailer.configured).toBe(true);
    expect(await mailer.send({ to: 'ada@example.com', ...content })).toBe('sent');
    const mail = smtp.mails.at(-1)!;
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Reset your Kindling password' });
    expect(linkIn(mail, 'https://app.example/')).toBe('https://app.example/reset?token=a&b=c');
    expect(mail.html).toContain('href="https://app.example/reset?token=a&amp;b=c"');
    expect(mail.html).toContain('&lt;ada@example.com&gt;');
    expect(mail.html).not.toContain('<ada@example.com>');
  });

  it('reports a server that cannot be reached as failed, without throwing', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'k@example.com', log });
    expect(await mailer.send({ to: 'ada@example.com', ...content })).toBe('failed');
  });

  it('says it is not configured without SMTP_URL', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'k@example.com', log });
    expect(mailer.configured).toBe(false);
    expect(await mailer.send({ to: 'ada@example.com', ...content })).toBe('not-configured');
  });
});
