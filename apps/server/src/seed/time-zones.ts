/**
 * The IANA zones this Node's ICU knows, named by city and generic zone name
 * ("Berlin (Central European Time)"). Computed once at seed time and then kept as data, so the
 * list does not shift when Node is upgraded.
 */
export function seedTimeZones(): { id: string; name: string }[] {
  const ids = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((id) => id !== "UTC")];
  return ids.map((id) => {
    if (id === "UTC") return { id, name: "UTC (Coordinated Universal Time)" };
    const city = (id.split("/").at(-1) ?? id).replaceAll("_", " ");
    const generic = new Intl.DateTimeFormat("en-US", { timeZone: id, timeZoneName: "longGeneric" })
      .formatToParts(new Date(Date.UTC(2024, 0, 1)))
      .find((part) => part.type === "timeZoneName")?.value;
    return { id, name: generic && generic !== city ? `${city} (${generic})` : city };
  });
}
