#pragma once
// gettext (glibc): the message catalogues every front end translates through.
#include <libintl.h>
#include <locale.h>
