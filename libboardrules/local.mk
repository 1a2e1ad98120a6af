lib_LTLIBRARIES += libboardrules/libboardrules.la

libboardrules_libboardrules_la_SOURCES = \
	libboardrules/internal.h \
	libboardrules/state_impl.h \
	libboardrules/dispatch.c \
	libboardrules/learn.c \
	libboardrules/options.c \
	libboardrules/snapshot.c \
	libboardrules/record.c \
	libboardrules/record_impl.h \
	libboardrules/record_parse.c \
	libboardrules/registry.c \
	libboardrules/rng.c \
	libboardrules/status.c \
	libboardrules/text.c \
	libboardrules/jsonutil.c \
	libboardrules/fields.c \
	libboardrules/fieldcodecs.c \
	libboardrules/history.c \
	libboardrules/jsonwrite.c \
	libboardrules/binary.c \
	libboardrules/bytesio.c \
	libboardrules/memory.c \
	libboardrules/bots/bots.h \
	libboardrules/bots/bot.c \
	libboardrules/bots/random.c \
	libboardrules/bots/greedy.c \
	libboardrules/bots/planner.c \
	libboardrules/bots/ballots.c \
	libboardrules/bots/advice.c \
	libboardrules/bots/ismcts.c \
	libboardrules/games/tsuro/tsuro.h \
	libboardrules/games/tsuro/game.c \
	libboardrules/games/tsuro/rules.c \
	libboardrules/games/tsuro/notation.c \
	libboardrules/games/tsuro/snapshot.c \
	libboardrules/games/tsuro/views.c \
	libboardrules/games/tsuro/content.c \
	libboardrules/games/tsuro/effects.c \
	libboardrules/games/tuer_an_tuer/tuer_an_tuer.h \
	libboardrules/games/tuer_an_tuer/game.c \
	libboardrules/games/tuer_an_tuer/rules.c \
	libboardrules/games/tuer_an_tuer/notation.c \
	libboardrules/games/tuer_an_tuer/snapshot.c \
	libboardrules/games/tuer_an_tuer/views.c \
	libboardrules/games/tuer_an_tuer/content.c \
	libboardrules/games/tuer_an_tuer/effects.c

libboardrules_libboardrules_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/libboardrules -DBR_BUILDING_LIBRARY
libboardrules_libboardrules_la_CFLAGS = $(AM_CFLAGS) -fvisibility=hidden $(JANSSON_CFLAGS)
libboardrules_libboardrules_la_LIBADD = $(JANSSON_LIBS) -lm
libboardrules_libboardrules_la_LDFLAGS = -version-info $(BR_LT_VERSION_INFO) -no-undefined

# Drunter & Drüber
libboardrules_libboardrules_la_SOURCES += \
	libboardrules/games/drunter_und_drueber/drunter_und_drueber.h \
	libboardrules/games/drunter_und_drueber/game.c \
	libboardrules/games/drunter_und_drueber/rules.c \
	libboardrules/games/drunter_und_drueber/notation.c \
	libboardrules/games/drunter_und_drueber/snapshot.c \
	libboardrules/games/drunter_und_drueber/views.c \
	libboardrules/games/drunter_und_drueber/content.c \
	libboardrules/games/drunter_und_drueber/effects.c

# Die Tore der Welt
libboardrules_libboardrules_la_SOURCES += \
	libboardrules/games/tore_der_welt/tore_der_welt.h \
	libboardrules/games/tore_der_welt/game.c \
	libboardrules/games/tore_der_welt/rules.c \
	libboardrules/games/tore_der_welt/actions.c \
	libboardrules/games/tore_der_welt/events.c \
	libboardrules/games/tore_der_welt/notation.c \
	libboardrules/games/tore_der_welt/snapshot.c \
	libboardrules/games/tore_der_welt/views.c \
	libboardrules/games/tore_der_welt/content.c \
	libboardrules/games/tore_der_welt/effects.c \
	libboardrules/games/tore_der_welt/bot.c
