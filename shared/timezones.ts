/**
 * IANA time zones for venues. The JavaScript runtime lists CLDR's canonical ids, some of which
 * are IANA's old names (Asia/Calcutta); venues are offered today's names (Asia/Kolkata). Both
 * spellings name the same zone for the runtime, so either converts times correctly.
 */
const currentNames: Record<string, string> = {
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** Every zone the runtime knows, by its current IANA name, sorted, with UTC. */
export function listTimezones(): string[] {
  const names = Intl.supportedValuesOf('timeZone').map((zone) => currentNames[zone] ?? zone);
  return [...new Set([...names, 'UTC'])].sort();
}
