import { DEFAULT_PORTS, portVariable, resolvePorts } from '@infra/local/emulators/ports';

describe('the calendar stand-ins’ ports', () => {
  it('are 8461 (Google) and 8462 (Microsoft) for npm start, moved by SPACES_GOOGLE_CALENDAR_PORT and SPACES_MICROSOFT_GRAPH_PORT', () => {
    expect([DEFAULT_PORTS.googleCalendar, DEFAULT_PORTS.microsoftGraph]).toEqual([8461, 8462]);
    expect(portVariable('googleCalendar')).toBe('SPACES_GOOGLE_CALENDAR_PORT');
    expect(portVariable('microsoftGraph', 'test')).toBe('SPACES_TEST_MICROSOFT_GRAPH_PORT');
    const environment = { SPACES_GOOGLE_CALENDAR_PORT: '9461', SPACES_TEST_MICROSOFT_GRAPH_PORT: '48462' };
    expect(resolvePorts({}, environment)).toMatchObject({ googleCalendar: 9461, microsoftGraph: 8462 });
  });

  it('may not share a port with an emulator', () => {
    expect(() => resolvePorts({ googleCalendar: 9011 }, {})).toThrow(
      'oidc-provider and the Google Calendar stand-in cannot share port 9011',
    );
  });
});
