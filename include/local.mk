include_HEADERS += include/boardrules.h
boardrulesincludedir = $(includedir)/boardrules
boardrulesinclude_HEADERS = \
	include/boardrules/common.h \
	include/boardrules/status.h \
	include/boardrules/version.h \
	include/boardrules/game.h \
	include/boardrules/state.h \
	include/boardrules/record.h \
	include/boardrules/memory.h \
	include/boardrules/learn.h \
	include/boardrules/bot.h
