import {
  callerLabel,
  forwardTwiml,
  gatherTwiml,
  handOverTwiml,
  hangupTwiml,
  turnTwiml,
  voicemailTwiml,
  voiceUrl,
  whisperTwiml,
} from './twiml';

const voicemail = {
  practiceName: 'Lakeview Smiles',
  recordAction: 'https://pilot.example.com/api/v1/channels/twilio/voice/voicemail?call=c1',
  transcribeCallback: 'https://pilot.example.com/api/v1/channels/twilio/voice/transcription?call=c1',
};

describe('voice TwiML', () => {
  it('builds webhook URLs on the public base, with their query', () => {
    expect(
      voiceUrl('https://pilot.example.com', '/api/v1/channels/twilio/voice/gather', { call: 'c1', turn: 2 }),
    ).toBe('https://pilot.example.com/api/v1/channels/twilio/voice/gather?call=c1&turn=2');
    expect(voiceUrl('https://pilot.example.com', '/api/v1/channels/twilio/voice/status')).toBe(
      'https://pilot.example.com/api/v1/channels/twilio/voice/status',
    );
  });

  it('forwards an inbound call to the practice line with a whisper, back to the dial action when it ends', () => {
    const twiml = forwardTwiml({
      practiceLine: '+13125550177',
      callerId: '+13125550300',
      whisperUrl: 'https://pilot.example.com/api/v1/channels/twilio/voice/whisper?call=c1',
      dialAction: 'https://pilot.example.com/api/v1/channels/twilio/voice/dial?call=c1',
      voicemail,
    });
    expect(twiml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response>' +
        '<Dial action="https://pilot.example.com/api/v1/channels/twilio/voice/dial?call=c1" method="POST" timeout="20" answerOnBridge="true" callerId="+13125550300">' +
        '<Number url="https://pilot.example.com/api/v1/channels/twilio/voice/whisper?call=c1" method="POST">+13125550177</Number>' +
        '</Dial></Response>',
    );
  });

  it('goes straight to voicemail when the practice has no line to ring', () => {
    const twiml = forwardTwiml({
      practiceLine: null,
      callerId: '+13125550300',
      whisperUrl: 'w',
      dialAction: 'd',
      voicemail,
    });
    expect(twiml).toBe(voicemailTwiml(voicemail));
    expect(twiml).not.toContain('<Dial');
  });

  it('records a transcribed voicemail after a greeting, and hangs up when nothing was said', () => {
    const twiml = voicemailTwiml(voicemail);
    expect(twiml).toContain('Thank you for calling Lakeview Smiles.');
    expect(twiml).toContain(
      '<Record action="https://pilot.example.com/api/v1/channels/twilio/voice/voicemail?call=c1" method="POST" maxLength="120" playBeep="true" finishOnKey="#" transcribe="true" transcribeCallback="https://pilot.example.com/api/v1/channels/twilio/voice/transcription?call=c1"/>',
    );
    expect(twiml).toMatch(/<\/Say><Hangup\/><\/Response>$/);
  });

  it('whispers who is calling, escaping what it says', () => {
    expect(whisperTwiml({ practiceName: 'Smith & Jones', caller: 'Maya Lopez' })).toContain(
      'PracticePilot call for Smith &amp; Jones, from Maya Lopez.</Say>',
    );
  });

  it('names a caller by the lead, else reads out the number digit by digit', () => {
    expect(callerLabel({ firstName: 'Maya', lastName: null, phone: '+13125550300', isNew: false })).toBe(
      'Maya',
    );
    expect(callerLabel({ firstName: null, lastName: null, phone: '+13125550300', isNew: true })).toBe(
      'a new caller, 3 1 2 5 5 5 0 3 0 0',
    );
    expect(callerLabel({ firstName: ' ', lastName: null, phone: '+13125550300', isNew: false })).toBe(
      'a caller, 3 1 2 5 5 5 0 3 0 0',
    );
  });

  it('speaks a turn inside a speech Gather, and comes back to the same action on silence', () => {
    const twiml = gatherTwiml({ text: 'How can I help?', gatherAction: 'https://x/gather?call=c1&turn=2' });
    expect(twiml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response>' +
        '<Gather input="speech" action="https://x/gather?call=c1&amp;turn=2" method="POST" speechTimeout="auto" timeout="6" language="en-US" actionOnEmptyResult="true">' +
        '<Say voice="Polly.Joanna" language="en-US">How can I help?</Say></Gather>' +
        '<Redirect method="POST">https://x/gather?call=c1&amp;turn=2</Redirect></Response>',
    );
  });

  it('hands over to the practice line, or promises a call back without one', () => {
    const dial = handOverTwiml({ practiceLine: '+13125550177', callerId: '+13125550100' });
    expect(dial).toContain('<Dial callerId="+13125550100" timeout="20">+13125550177</Dial>');
    const none = handOverTwiml({ practiceLine: null, callerId: '+13125550100' });
    expect(none).not.toContain('<Dial');
    expect(none).toContain('<Hangup/>');
  });

  it('answers a stored turn the same way each time', () => {
    const context = { gatherAction: 'https://x/g', practiceLine: '+13125550177', callerId: '+13125550100' };
    expect(turnTwiml({ kind: 'say', text: 'Hi' }, context)).toBe(
      gatherTwiml({ text: 'Hi', gatherAction: 'https://x/g' }),
    );
    expect(turnTwiml({ kind: 'hand_over', text: '' }, context)).toBe(
      handOverTwiml({ practiceLine: '+13125550177', callerId: '+13125550100' }),
    );
    expect(turnTwiml({ kind: 'hang_up', text: 'Bye.' }, context)).toBe(hangupTwiml('Bye.'));
  });
});
