# abi: the released ABI as an abidw baseline, and the check against it.
#   make check-abi     compare the built library with the baseline (CI runs it)
#   make abi-baseline  write a new baseline from this build (at a release)

EXTRA_DIST += abi/check-abi.sh abi/libboardrules.abi abi/version-info abi/README.md

check-abi: libboardrules/libboardrules.la
	$(SHELL) $(srcdir)/abi/check-abi.sh '$(abs_top_srcdir)' '$(abs_top_builddir)' \
		'$(BR_LT_VERSION_INFO)'

abi-baseline: libboardrules/libboardrules.la
	abidw --headers-dir $(srcdir)/include --no-corpus-path \
		--out-file $(srcdir)/abi/libboardrules.abi libboardrules/.libs/libboardrules.so
	echo '$(BR_LT_VERSION_INFO)' > $(srcdir)/abi/version-info

.PHONY: check-abi abi-baseline
