// The binary layout of everything that crosses the plugin boundary, fixed for one ABI
// version (abi.hpp): the size, alignment and -- for aggregates -- the number of members of
// each value type a plugin and the host exchange. A change of layout (a member added, even
// into padding; a member's type; a member removed) stops this file from compiling until
// kAbiVersion is bumped and the new layout written here: a plugin built against the old
// headers is then refused by the host instead of reading the wrong bytes. Figures are for
// x86_64 with libstdc++ (GCC 12), the platform CPEx is built and tested on; elsewhere the
// checks are skipped. Not checked: the order of virtual functions (the interfaces' vtables)
// and the layout inside library types (std::function, Eigen matrices, std::vector), which
// the compiler and its standard library fix.
#include <cstddef>
#include <type_traits>
#include <utility>

#include "cpex/abi.hpp"
#include "cpex/algorithm.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/environment.hpp"
#include "cpex/oracle.hpp"
#include "cpex/params.hpp"
#include "cpex/problem.hpp"
#include "cpex/random.hpp"
#include "cpex/registration.hpp"
#include "cpex/registry.hpp"

namespace cpex {

namespace {

// The number of members of an aggregate: the most initializers T{...} takes (each one a
// value convertible to any member type).
struct AnyMember {
  template <class T>
  operator T() const;  // declared only: used in unevaluated contexts
};
template <class T, std::size_t... I>
constexpr bool initializable_from(std::index_sequence<I...>) {
  return requires { T{(void(I), AnyMember{})...}; };
}
template <class T, std::size_t N = 0>
constexpr std::size_t member_count() {
  if constexpr (N < 64 && initializable_from<T>(std::make_index_sequence<N + 1>{}))
    return member_count<T, N + 1>();
  else
    return N;
}

template <class T>
constexpr bool layout_is(std::size_t size, std::size_t align, std::size_t members) {
  if constexpr (std::is_aggregate_v<T>)
    return sizeof(T) == size && alignof(T) == align && member_count<T>() == members;
  else
    return sizeof(T) == size && alignof(T) == align && members == 0;
}

}  // namespace

#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(kAbiVersion == 16,
              "kAbiVersion changed: write the layout of the new version below (abi_layout.cpp)");
#define CPEX_ABI_LAYOUT(T, SIZE, ALIGN, MEMBERS)                                                    \
  static_assert(layout_is<T>(SIZE, ALIGN, MEMBERS),                                                 \
                #T " changed its layout: bump kAbiVersion in cpex/abi.hpp (say why there) and " \
                   "record the new layout in framework/src/sdk/abi_layout.cpp");
// type, sizeof, alignof, members (0 for a class that is not an aggregate)
CPEX_ABI_LAYOUT(Problem, 200, 8, 13)
CPEX_ABI_LAYOUT(Prior, 24, 8, 3)
CPEX_ABI_LAYOUT(RewardModel, 24, 8, 3)
CPEX_ABI_LAYOUT(Action, 24, 8, 2)
CPEX_ABI_LAYOUT(Observation, 24, 8, 2)
CPEX_ABI_LAYOUT(Decision, 48, 8, 2)
CPEX_ABI_LAYOUT(Recommendation, 56, 8, 2)
CPEX_ABI_LAYOUT(Query, 80, 8, 6)
CPEX_ABI_LAYOUT(Verdict, 2, 1, 2)
CPEX_ABI_LAYOUT(AlgorithmContext, 184, 8, 8)
CPEX_ABI_LAYOUT(AlgorithmNeeds, 112, 8, 8)
CPEX_ABI_LAYOUT(OracleRole, 40, 8, 2)
CPEX_ABI_LAYOUT(RewardRequirement, 40, 8, 3)
CPEX_ABI_LAYOUT(RunSeed, 24, 8, 3)
CPEX_ABI_LAYOUT(RandomStream, 88, 8, 0)
CPEX_ABI_LAYOUT(Bound, 16, 8, 2)
CPEX_ABI_LAYOUT(Range, 48, 8, 2)
CPEX_ABI_LAYOUT(ParamSpec, 200, 8, 9)
CPEX_ABI_LAYOUT(ParamSchema, 48, 8, 0)
CPEX_ABI_LAYOUT(ParamValues, 48, 8, 0)
CPEX_ABI_LAYOUT(PluginInfo, 104, 8, 4)
CPEX_ABI_LAYOUT(EntryInfo, 208, 8, 6)
CPEX_ABI_LAYOUT(EnvironmentContext, 32, 8, 2)
CPEX_ABI_LAYOUT(OracleContext, 24, 8, 1)
CPEX_ABI_LAYOUT(EnvironmentEntry, 248, 8, 3)
CPEX_ABI_LAYOUT(OracleEntry, 248, 8, 3)
CPEX_ABI_LAYOUT(AlgorithmEntry, 352, 8, 3)
CPEX_ABI_LAYOUT(Registry, 224, 8, 0)
CPEX_ABI_LAYOUT(Environment, 8, 8, 0)
CPEX_ABI_LAYOUT(Oracle, 8, 8, 0)
CPEX_ABI_LAYOUT(Algorithm, 8, 8, 0)
CPEX_ABI_LAYOUT(TraceSink, 8, 8, 0)
#undef CPEX_ABI_LAYOUT
#endif

}  // namespace cpex
