# fuzz/fuzz.mk: builds the libFuzzer harnesses with clang and runs them.
# Called by the top-level `make fuzz` and `make fuzz-run` (Makefile.am),
# which pass srcdir, OUT and the library flags; by hand, from the source
# directory: make -f fuzz/fuzz.mk [-j2 run] [FUZZTIME=60].
#
# Every harness is built with AddressSanitizer, UndefinedBehaviorSanitizer
# (no recovery: any report is a crash) and libFuzzer's coverage. `run`
# gives each FUZZTIME seconds on OUT/corpus/NAME (what it learns) and
# fuzz/corpus/NAME (the seeds, never written), stops at the first finding
# and leaves the input as OUT/crash-NAME-*.

CLANG ?= clang
srcdir ?= .
OUT ?= fuzz-out
FUZZTIME ?= 60
JANSSON_CFLAGS ?= $(shell pkg-config --cflags jansson)
JANSSON_LIBS ?= $(shell pkg-config --libs jansson)
LMDB_CFLAGS ?=
LMDB_LIBS ?= -llmdb
CRYPTO_LIBS ?= -lcrypto
UCHARDET_CFLAGS ?= $(shell pkg-config --cflags uchardet)
UCHARDET_LIBS ?= $(shell pkg-config --libs uchardet)
HIREDIS_CFLAGS ?= $(shell pkg-config --cflags hiredis)
HIREDIS_LIBS ?= $(shell pkg-config --libs hiredis)
PSL_CFLAGS ?= $(shell pkg-config --cflags libpsl)
PSL_LIBS ?= $(shell pkg-config --libs libpsl)

HARNESSES = canon config addrlist store_rec ctl_json lmdb_page message forms \
	authres quotes rfc2047
SAN = -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS = -g -O1 -fno-omit-frame-pointer $(SAN) -fsanitize=fuzzer-no-link \
	-D_GNU_SOURCE -I. -I$(srcdir)/lib -I$(srcdir)/ctl -I$(srcdir)/nilsimsa \
	$(JANSSON_CFLAGS) $(LMDB_CFLAGS) $(UCHARDET_CFLAGS) $(HIREDIS_CFLAGS) \
	$(PSL_CFLAGS) -Wall -Wextra -Wshadow \
	-Wstrict-prototypes -Wmissing-prototypes -Werror
FUZZ_LDFLAGS = $(SAN) -fsanitize=fuzzer

NILSIMSA = nilsimsa/nilsimsa.o nilsimsa/profile.o nilsimsa/selfcal.o
STORE = lib/store.o lib/store_array.o lib/store_cluster.o lib/store_lmdb.o \
	lib/store_lmdb_page.o lib/metrics.o lib/boiler.o lib/known.o \
	lib/probe.o lib/log.o lib/util.o \
	$(NILSIMSA)
CANON = lib/canon.o lib/canon_mime.o lib/canon_charset.o lib/canon_html.o \
	lib/canon_hide.o lib/util.o
OBJ_canon = fuzz/fuzz_canon.o fuzz/fuzzutil.o $(CANON)
OBJ_config = fuzz/fuzz_config.o lib/config.o lib/addrlist.o \
	$(CANON) $(NILSIMSA)
OBJ_addrlist = fuzz/fuzz_addrlist.o lib/addrlist.o lib/util.o
OBJ_store_rec = fuzz/fuzz_store_rec.o $(STORE)
OBJ_lmdb_page = fuzz/fuzz_lmdb_page.o lib/store_lmdb_page.o
OBJ_ctl_json = fuzz/fuzz_ctl_json.o ctl/ctl_json.o ctl/ctl_util.o $(STORE)
OBJ_message = fuzz/fuzz_message.o fuzz/fuzzutil.o lib/message.o \
	lib/verdict.o lib/config.o lib/addrlist.o lib/authres.o lib/domain.o \
	lib/logline.o lib/store_redis.o lib/forms.o lib/quotes.o lib/rfc2047.o \
	$(CANON) $(STORE)
OBJ_forms = fuzz/fuzz_forms.o fuzz/fuzzutil.o lib/forms.o lib/boiler.o \
	lib/probe.o $(CANON)
OBJ_authres = fuzz/fuzz_authres.o lib/authres.o
OBJ_quotes = fuzz/fuzz_quotes.o fuzz/fuzzutil.o lib/quotes.o
OBJ_rfc2047 = fuzz/fuzz_rfc2047.o lib/rfc2047.o $(CANON)
LIBS_canon = $(UCHARDET_LIBS)
LIBS_forms = $(UCHARDET_LIBS) -pthread
LIBS_config = $(UCHARDET_LIBS) -lm
LIBS_addrlist =
LIBS_authres =
LIBS_quotes = -pthread
LIBS_rfc2047 = $(UCHARDET_LIBS)
LIBS_store_rec = $(LMDB_LIBS) $(CRYPTO_LIBS) -lm -pthread
LIBS_lmdb_page =
LIBS_message = $(UCHARDET_LIBS) $(HIREDIS_LIBS) $(PSL_LIBS) $(LMDB_LIBS) $(CRYPTO_LIBS) \
	-lm -pthread
LIBS_ctl_json = $(JANSSON_LIBS) $(LMDB_LIBS) $(CRYPTO_LIBS) -lm -pthread

all: $(HARNESSES:%=$(OUT)/fuzz_%)

$(OUT)/obj/%.o: $(srcdir)/%.c
	@mkdir -p $(@D)
	$(CLANG) $(FUZZ_CFLAGS) -MMD -MP -c -o $@ $<

-include $(wildcard $(OUT)/obj/*/*.d)
# The objects are shared by the harnesses: keep them.
.SECONDARY:

.SECONDEXPANSION:
$(OUT)/fuzz_%: $$(addprefix $(OUT)/obj/,$$(OBJ_$$*))
	$(CLANG) $(FUZZ_LDFLAGS) -o $@ $^ $(LIBS_$*)

# Each harness for FUZZTIME seconds, a target each (make -j2 run: two
# side by side, one a core); the first failure stops the run.
run: $(HARNESSES:%=run-%)

run-%: $(OUT)/fuzz_%
	@mkdir -p $(OUT)/corpus/$*
	@echo "fuzz_$*: $(FUZZTIME) s"
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	$(OUT)/fuzz_$* -max_total_time=$(FUZZTIME) -timeout=10 \
	    -rss_limit_mb=2048 -print_final_stats=1 \
	    -artifact_prefix=$(OUT)/crash-$*- \
	    $(OUT)/corpus/$* $(srcdir)/fuzz/corpus/$* \
	    > $(OUT)/fuzz_$*.log 2>&1; \
	rc=$$?; \
	grep -E '^(stat::number_of_executed_units|#[0-9]+ +DONE)' \
	    $(OUT)/fuzz_$*.log | sed 's/^/fuzz_$*: /'; \
	if [ $$rc -ne 0 ]; then \
		tail -n 60 $(OUT)/fuzz_$*.log; \
		echo "fuzz_$*: FAILED (log: $(OUT)/fuzz_$*.log)"; \
		exit 1; \
	fi

clean:
	rm -rf $(OUT)

.PHONY: all run clean
