import { read } from './test-helpers';

/**
 * ADR 0059: Portuguese negations ('sem dor nenhuma', 'nenhuma dor'), a 'without' that says what the writer
 * cannot do ('sin poder respirar', 'can't go an hour without throwing up'), what the writer has lived with for years
 * unless it changed lately, a sign told as what the writer was told to expect, an illness over, a charge disputed
 * beside a same-day visit asked about, and the writer's own title. Sentences here are in no fixture.
 */
const reasonOf = (text: string) => read(text, { channel: 'sms' }).escalation?.reason ?? null;

describe('what is not there, and what is', () => {
  it.each([
    'Fiz clareamento com vocês mês passado, ficou lindo e sem dor nenhuma. Quanto custa a manutenção?',
    'Fiz o preenchimento labial há duas semanas, nenhuma dor, nenhum inchaço. Dá pra marcar o retoque?',
  ])('%s needs no person', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it.each([
    "Since the semaglutide shot I can't go two hours without throwing up",
    'Desde la cirugía llevo un día sin poder respirar bien por la nariz y me duele el pecho',
    'Desde a cirurgia estou sem conseguir respirar direito e o peito dói',
    'Não sei se é normal, mas meu lábio está muito inchado depois do preenchimento',
  ])('%s reaches a person', (text) => {
    expect(reasonOf(text)).not.toBeNull();
  });
});

describe('what the writer has lived with for years', () => {
  it.each([
    'Hace muchos años que me duele la espalda por el tamaño del busto, quiero una valoración para reducción.',
    'Faz anos que tenho dor nas costas pelo tamanho dos seios. Vocês fazem redução de mama?',
    'My shoulders have ached for years because of their size. What does a breast reduction cost?',
  ])('%s is a reason for surgery, not a symptom to hand over', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it.each([
    "I've had my implants for years and suddenly the left one is swollen and hot",
    'Tengo implantes desde hace 10 años y de repente uno se puso duro y me duele',
    'Faz anos que coloquei prótese e ontem o seio direito inchou e ficou vermelho',
  ])('%s changed lately and reaches a person', (text) => {
    expect(reasonOf(text)).not.toBeNull();
  });
});

describe('a sign told as expected, an illness over', () => {
  it.each([
    'Microneedling on Monday. Red and a bit tight like they said it would be. Can I wear makeup tomorrow?',
    'Peeling just as the nurse explained after my chemical peel. When can I use retinol again?',
    'Had the flu two weeks ago, all better now. Can I still come Friday for my facial?',
  ])('%s needs no person', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it.each([
    'Microneedling on Monday. Red like they said, but now there are yellow crusts and it is spreading',
    'Lip filler yesterday, swollen like the nurse said, but today part of my lip is white and cold',
  ])('%s turns and reaches a person', (text) => {
    expect(reasonOf(text)).not.toBeNull();
  });
});

describe('charges and titles', () => {
  it.each([
    'Is the consult fee really waived if I book the treatment the same day?',
    "I'm the practice manager at a law office. Could we book flu-season IV drips for 6 of our staff?",
  ])('%s needs no person', (text) => {
    expect(reasonOf(text)).toBeNull();
  });

  it.each([
    'The $50 consult was supposed to be free since I booked the same day. Please take it off my card.',
    'Your site says the exam is free with a cleaning. I had both and was charged $95 anyway.',
    'Can the office manager call me about my bill?',
  ])('%s reaches a person', (text) => {
    expect(reasonOf(text)).not.toBeNull();
  });
});
