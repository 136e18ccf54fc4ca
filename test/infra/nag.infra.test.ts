import { errorAnnotations, synthSpaces, unacknowledgedNagFindings, type Synthesized } from './support';

let synth: Synthesized;
beforeAll(() => {
  synth = synthSpaces();
});

describe('cdk-nag (AWS Solutions) on the whole app', () => {
  it('reports no error that is not acknowledged with a reason', () => {
    expect(unacknowledgedNagFindings(synth.app, 'error')).toEqual([]);
  });

  it('reports no warning that is not acknowledged with a reason', () => {
    expect(unacknowledgedNagFindings(synth.app, 'warning')).toEqual([]);
  });

  it('leaves no error annotation on any stack', () => {
    const { data, auth, api, jobs, web } = synth.stacks;
    expect(errorAnnotations([data, auth, api, jobs, web])).toEqual([]);
  });
});
