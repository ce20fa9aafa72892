import { expandQuestion } from './search-query';

describe('expandQuestion', () => {
  it('adds parking words to a parking question', () => {
    expect(expandQuestion('where do I park')).toBe('where do I park parking garage valet lot');
  });

  it('treats "how much" as a price question and adds the neurotoxin names to botox', () => {
    const expanded = expandQuestion('How much is Botox?');
    expect(expanded.startsWith('How much is Botox?')).toBe(true);
    for (const word of ['price', 'cost', 'neurotoxin', 'dysport']) expect(expanded).toContain(word);
  });

  it('does not repeat a word the question already has', () => {
    expect(
      expandQuestion('parking price')
        .split(' ')
        .filter((w) => w === 'parking'),
    ).toHaveLength(1);
  });

  it('leaves a question with no known topic as it is, whitespace collapsed', () => {
    expect(expandQuestion('  Do you   treat rosacea? ')).toBe('Do you treat rosacea?');
  });

  it('cuts an overlong question', () => {
    expect(expandQuestion('a'.repeat(5000)).length).toBe(1000);
  });
});

describe('expandQuestion with a topic that overrides another', () => {
  it('does not add booking words to a cancellation question', () => {
    const expanded = expandQuestion('What happens if I cancel my appointment?');
    expect(expanded).toContain('cancellation');
    expect(expanded).not.toContain('consultation');
  });
});
