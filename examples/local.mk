# examples: rules for this folder (included by the top-level Makefile.am)
