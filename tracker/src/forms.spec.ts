import { captureForm, isCardName, looksLikeCardNumber, scrubUrl } from './forms';

function form(html: string): HTMLFormElement {
  document.body.innerHTML = `<form>${html}</form>`;
  return document.querySelector('form')!;
}

describe('form capture', () => {
  it('takes field names and values as the website named them', () => {
    const fields = captureForm(
      form(`
        <input name="Full Name" value="Rosa Delgado">
        <input type="email" name="email" value="rosa@example.com">
        <textarea id="message">How much is Invisalign?</textarea>
        <select name="procedure"><option value="botox" selected>Botox</option></select>
        <input type="checkbox" name="interests" value="fillers" checked>
        <input type="checkbox" name="interests" value="peels">
        <input type="checkbox" name="interests" value="laser" checked>
        <input type="hidden" name="landing" value="spring-offer">
        <button type="submit" name="send" value="1">Send</button>`),
    );
    expect(fields).toEqual({
      'Full Name': 'Rosa Delgado',
      email: 'rosa@example.com',
      message: 'How much is Invisalign?',
      procedure: 'botox',
      interests: 'fillers, laser',
      landing: 'spring-offer',
    });
  });

  it('never takes passwords, card fields, card numbers, anti-forgery tokens, files or ignored fields', () => {
    const fields = captureForm(
      form(`
        <input name="name" value="Rosa">
        <input type="password" name="pwd" value="hunter2">
        <input name="secret" autocomplete="new-password" value="s3cret">
        <input name="x1" autocomplete="cc-number" value="4111 1111 1111 1111">
        <input name="x2" autocomplete="cc-exp" value="12/29">
        <input name="card_number" value="5555555555554444">
        <input name="cardNumber" value="x">
        <input name="cvv" value="123">
        <input name="cc-csc" value="123">
        <input name="notes" value="4242-4242-4242-4242">
        <input type="hidden" name="csrfmiddlewaretoken" value="abc">
        <input type="hidden" name="authenticity_token" value="abc">
        <input type="hidden" name="_wpnonce" value="abc">
        <input type="file" name="photo">
        <input name="internal" data-pp-ignore value="x">
        <input name="off" disabled value="x">
        <input name="phone" value="+1 555 010 0199">`),
    );
    expect(fields).toEqual({ name: 'Rosa', phone: '+1 555 010 0199' });
  });

  it('recognises card numbers by the Luhn check and card fields by their names', () => {
    expect(looksLikeCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(looksLikeCardNumber('378282246310005')).toBe(true);
    expect(looksLikeCardNumber('4111 1111 1111 1112')).toBe(false);
    expect(looksLikeCardNumber('5550100199')).toBe(false);
    expect(['card', 'cc_number', 'ccNumber', 'creditCard', 'cvc', 'card-expiry'].every(isCardName)).toBe(
      true,
    );
    expect(['name', 'email', 'accent', 'cardiology_interest', 'account'].some(isCardName)).toBe(false);
  });

  it('stays within the ingress limits: 50 fields, 5,000 characters a value, about 40 KiB in all', () => {
    const many = Array.from({ length: 60 }, (_, i) => `<input name="f${i}" value="v">`).join('');
    expect(Object.keys(captureForm(form(many)))).toHaveLength(50);
    const long = Array.from(
      { length: 20 },
      (_, i) => `<textarea name="t${i}">${'y'.repeat(6000)}</textarea>`,
    );
    const fields = captureForm(form(long.join('')));
    expect(Math.max(...Object.values(fields).map((v) => v.length))).toBeLessThanOrEqual(5000);
    expect(JSON.stringify(fields).length).toBeLessThanOrEqual(40 * 1024);
  });
});

describe('addresses', () => {
  it('lose the query parameters a GET form or a reset link puts there: passwords, tokens, cards', () => {
    expect(
      scrubUrl(
        'https://clinic.example/thanks?name=Rosa&password=hunter2&user_pwd=x&reset_token=abc&csrfmiddlewaretoken=1&cc_number=1&notes=4111111111111111&utm_source=google&gclid=Cj0',
      ),
    ).toBe('https://clinic.example/thanks?name=Rosa&utm_source=google&gclid=Cj0');
  });

  it('are kept exactly as they were when nothing is secret', () => {
    const url = 'https://clinic.example/offers?utm_source=fb&utm_campaign=spring%20sale&fbclid=IwAR#top';
    expect(scrubUrl(url)).toBe(url);
    expect(scrubUrl('not a url')).toBe('not a url');
  });
});
