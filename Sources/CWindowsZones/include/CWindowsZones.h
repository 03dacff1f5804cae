#ifndef CWINDOWSZONES_H
#define CWINDOWSZONES_H

#include <stdint.h>

/// Writes the Olson name of the Windows time zone `windows` ("W. Europe Standard Time", UTF-16,
/// `length` units) into `olson` (at most `capacity` units), using the system's ICU
/// (ucal_getTimeZoneIDForWindowsID, CLDR's windowsZones). ICU is opened on first use, so a run
/// that never meets a Windows name never loads it.
/// Returns the name's length, 0 when ICU does not know the name, -1 when ICU cannot be loaded.
int32_t cwz_olson_name(const uint16_t *windows, int32_t length, uint16_t *olson, int32_t capacity);

#endif
